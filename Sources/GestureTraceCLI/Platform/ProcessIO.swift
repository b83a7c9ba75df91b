/// The process's real standard streams.
struct ProcessIO: ToolIO {
  var isErrorTerminal = Platform.isTerminal(2)
  var isOutputTerminal = Platform.isTerminal(1)
  var isInputTerminal = Platform.isTerminal(0)

  mutating func write(_ text: String) {
    var text = text
    let ok = text.withUTF8 { Platform.writeAll(1, UnsafeRawBufferPointer($0)) }
    if !ok { failedToWrite() }
  }

  mutating func write(bytes: [UInt8]) {
    let ok = bytes.withUnsafeBytes { Platform.writeAll(1, $0) }
    if !ok { failedToWrite() }
  }

  /// Ends the process after a failed write to standard output.
  private mutating func failedToWrite() {
    // NB: a closed pipe (`| head`) ends the command quietly.
    if Platform.isBrokenPipe { Platform.exit(.success) }
    writeError("Error: Cannot write to standard output: \(Platform.errorText)\n")
    Platform.exit(.ioError)
  }

  mutating func writeError(_ text: String) {
    var text = text
    _ = text.withUTF8 { Platform.writeAll(2, UnsafeRawBufferPointer($0)) }
  }

  mutating func readInput() -> [UInt8]? {
    Platform.readChunk(0, count: 1 << 20)
  }
}
