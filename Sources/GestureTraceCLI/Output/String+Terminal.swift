extension String {
  /// The text with control characters other than line feeds written as
  /// escapes (`\u0000`, `\u001b`), so a message that quotes a command line
  /// or a file cannot drive the terminal that shows it.
  var escapingControlCharactersExceptLineFeeds: String {
    guard unicodeScalars.contains(where: { $0.isEscapedInMessages }) else { return self }
    var result = ""
    for scalar in unicodeScalars {
      if scalar.isEscapedInMessages {
        let digits = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension String {
  /// The text with every control character written as an escape, line
  /// feeds too: for a name or id from input, which has no line of its own
  /// to start in a report.
  var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: { $0.isEscapedInMessages || $0 == "\n" }) else {
      return self
    }
    var result = ""
    for scalar in unicodeScalars {
      if scalar.isEscapedInMessages || scalar == "\n" {
        let digits = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension Unicode.Scalar {
  /// Whether messages show the scalar as an escape: C0 and C1 controls and
  /// DEL, except the line feed.
  fileprivate var isEscapedInMessages: Bool {
    (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
  }
}
