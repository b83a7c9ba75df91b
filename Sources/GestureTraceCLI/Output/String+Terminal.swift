extension String {
  /// The text with control characters other than line feeds written as
  /// escapes (`\u0000`, `\u001b`), so a message that quotes a command line
  /// or a file cannot drive the terminal that shows it.
  var escapingControlCharactersExceptLineFeeds: String { escaping { $0 != "\n" } }

  /// The text with every control character written as an escape, line
  /// feeds too: for a name or id from input, which has no line of its own
  /// to start in a report.
  var escapingControlCharacters: String { escaping { _ in true } }

  /// The text with the control characters (C0, C1 and DEL) that `escapes`
  /// accepts written as `\uXXXX`.
  private func escaping(_ escapes: (Unicode.Scalar) -> Bool) -> String {
    guard unicodeScalars.contains(where: { $0.isControl && escapes($0) }) else { return self }
    var result = ""
    for scalar in unicodeScalars {
      if scalar.isControl && escapes(scalar) {
        let digits = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension StringProtocol {
  /// The first `limit` Unicode scalars of the text, control characters
  /// (line feeds too) escaped, then `…` when the text is longer.
  func escapedPrefix(scalars limit: Int) -> String {
    let scalars = unicodeScalars
    var end = scalars.startIndex
    var count = 0
    while end < scalars.endIndex, count < limit {
      end = scalars.index(after: end)
      count += 1
    }
    var head = ""
    head.unicodeScalars.append(contentsOf: scalars[..<end])
    return head.escapingControlCharacters + (end < scalars.endIndex ? "…" : "")
  }
}

/// `text` in single quotes for a message: at most
/// ``ExpectedOutcomes/maximumQuotedLength`` Unicode scalars, then `…`,
/// control characters (line feeds too) escaped, so that no message
/// repeats more than a short prefix of what a file holds.
func quotedPrefix(_ text: some StringProtocol) -> String {
  "'" + text.escapedPrefix(scalars: ExpectedOutcomes.maximumQuotedLength) + "'"
}

extension Unicode.Scalar {
  /// Whether the scalar is a C0 or C1 control character or DEL.
  fileprivate var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
