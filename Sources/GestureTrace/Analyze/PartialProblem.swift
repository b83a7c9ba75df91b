/// A problem in a partial summary: where it is and what was expected.
///
/// Its description is `line:column: expected …, found …`; the command line
/// puts the file's name in front.
package struct PartialProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The line, from 1.
  package var line: Int
  /// The byte in the line, from 1.
  package var column: Int
  /// What was expected and what was found.
  package var message: String

  /// A problem at a place.
  package init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `line:column: message`.
  package var description: String { "\(line):\(column): \(message)" }

  /// User text in single quotes for a message: cut to 40 characters with
  /// `…`, control characters escaped.
  package static func quoted(_ text: some StringProtocol) -> String {
    JSONProblem.quoted(text)
  }
}
