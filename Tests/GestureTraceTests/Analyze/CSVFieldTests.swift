import Testing

@testable import GestureTrace

/// `csvField` quotes by Unicode scalars, as the readers split on bytes, and
/// quotes a leading `#`, which a reader takes for a comment.
@Suite struct CSVFieldTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("a#", "a#"),
    ("é\u{301}", "é\u{301}"),
    ("a,b", "\"a,b\""),
    ("#a", "\"#a\""),
    ("#\u{301}", "\"#\u{301}\""),
    // U+0600 and a comma are one Character; the comma is still seen.
    ("a\u{600},", "\"a\u{600},\""),
    // A quote and a combining mark are one Character; the quote is doubled.
    ("\"\u{301}", "\"\"\"\u{301}\""),
    ("a\r\nb", "\"a\r\nb\""),
  ])
  func fieldsAreQuotedWhereAByteReaderWouldMisreadThem(_ text: String, _ field: String) {
    #expect(csvField(text).unicodeScalars.elementsEqual(field.unicodeScalars))
  }

  /// Report cells quote line breaks; trace ids (which never hold one) are
  /// left bare there, and quoted alike everywhere else.
  @Test(arguments: [
    ("a\nb", "\"a\nb\"", "a\nb"),
    ("a\rb", "\"a\rb\"", "a\rb"),
    ("#a", "\"#a\"", "\"#a\""),
    ("a,b", "\"a,b\"", "\"a,b\""),
    ("a\"b", "\"a\"\"b\"", "\"a\"\"b\""),
    ("a#b", "a#b", "a#b"),
  ])
  func reportCellsAndTraceIDsDifferOnlyOnLineBreaks(
    _ text: String, _ cell: String, _ id: String
  ) {
    #expect(csvField(text) == cell)
    #expect(csvTraceField(text) == id)
  }
}
