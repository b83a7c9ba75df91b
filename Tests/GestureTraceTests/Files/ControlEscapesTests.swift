import Testing

@testable import GestureTrace

/// The one spelling of escaped control characters, in its two uses: problem
/// messages name the white space and escape the line separators; reports
/// and the terminal (the CLI's `escapingControlCharacters`) write every
/// escape as `\uXXXX` and leave U+2028 alone.
@Suite struct ControlEscapesTests {
  static let text = "a\nb\r\tc\u{0}\u{1B}[31m\u{7F}\u{85}\u{2028}é"

  @Test func messagesNameWhiteSpaceAndEscapeLineSeparators() {
    #expect(
      Self.text.escapedForMessage == #"a\nb\r\tc\u0000\u001b[31m\u007f\u0085\u2028é"#)
  }

  @Test func unicodeSpellingEscapesEveryControlAsFourHexDigits() {
    let escaped = Self.text.escapingControls(where: \.isC0C1OrDelete, namingWhitespace: false)
    #expect(escaped == "a\\u000ab\\u000d\\u0009c\\u0000\\u001b[31m\\u007f\\u0085\u{2028}é")
  }

  @Test func textWithoutControlsComesBackUnchanged() {
    let plain = "plain é ✓"[...]
    #expect(plain.escapedForMessage == "plain é ✓")
    #expect(plain.escapingControls(where: { _ in false }, namingWhitespace: true) == "plain é ✓")
  }
}
