/// Where a command reads and writes: the process's streams, or buffers in
/// tests.
public protocol ToolIO {
  /// Writes text to standard output.
  mutating func write(_ text: String)
  /// Writes UTF-8 text given as bytes to standard output.
  mutating func write(bytes: UnsafeBufferPointer<UInt8>)
  /// Writes text to standard error.
  mutating func writeError(_ text: String)
  /// Reads the next chunk of standard input: empty at its end, `nil` on a
  /// read error.
  mutating func readInput() -> [UInt8]?
  /// Whether standard error is a terminal (progress is shown only then).
  var isErrorTerminal: Bool { get }
  /// Whether standard output is a terminal.
  var isOutputTerminal: Bool { get }
  /// Whether standard input is a terminal (`record --from terminal` needs
  /// one).
  var isInputTerminal: Bool { get }
}

extension ToolIO {
  /// Standard input is not a terminal unless the streams say so.
  public var isInputTerminal: Bool { false }

  /// Writes UTF-8 text given as bytes to standard output, as a string.
  public mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
    write(String(decoding: bytes, as: UTF8.self))
  }

  /// Writes UTF-8 text given as an array of bytes to standard output.
  public mutating func write(bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { write(bytes: $0) }
  }
}

/// A `ToolIO` that keeps everything in memory, for tests.
public struct BufferedIO: ToolIO {
  /// What was written to standard output.
  public var output = ""
  /// What was written to standard error.
  public var error = ""
  /// What standard input holds.
  public var input: [UInt8]
  /// Whether standard error pretends to be a terminal.
  public var isErrorTerminal = false
  /// Whether standard output pretends to be a terminal.
  public var isOutputTerminal = false

  /// Creates buffers with the given standard input.
  public init(input: String = "") {
    self.input = Array(input.utf8)
  }

  public mutating func write(_ text: String) { output += text }
  public mutating func writeError(_ text: String) { error += text }
  public mutating func readInput() -> [UInt8]? {
    defer { input = [] }
    return input
  }
}
