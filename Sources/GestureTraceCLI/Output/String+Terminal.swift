extension String {
  /// The text with control characters other than line feeds written as
  /// escapes (`\u0000`, `\u001b`), so a message that quotes a command line
  /// or a file cannot drive the terminal that shows it.
  var escapingControlCharactersExceptLineFeeds: String {
    escapingControls(where: { $0.isC0C1OrDelete && $0 != "\n" }, namingWhitespace: false)
  }

  /// The text with every control character written as an escape, line
  /// feeds too: for a name or id from input, which has no line of its own
  /// to start in a report.
  var escapingControlCharacters: String {
    escapingControls(where: \.isC0C1OrDelete, namingWhitespace: false)
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
