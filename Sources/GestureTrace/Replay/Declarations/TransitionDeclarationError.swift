/// Why a transitions file could not be used: where, what was expected and
/// what was found.
public struct TransitionDeclarationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file's name as given.
  public let file: String
  /// The line, counted from 1.
  public let line: Int
  /// The column in characters, counted from 1.
  public let column: Int
  /// What was expected and what was found.
  public let message: String

  /// Creates an error.
  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `file:line:column: message`, with control characters escaped.
  public var description: String {
    "\(file):\(line):\(column): \(message)".escapedForMessage
  }
}
