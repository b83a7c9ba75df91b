/// The process's real standard streams.
struct ProcessIO: ToolIO {
  var isErrorTerminal = Platform.isTerminal(2)
  var isOutputTerminal = Platform.isTerminal(1)
  var isInputTerminal = Platform.isTerminal(0)

  mutating func write(_ text: String) {
    var text = text
    text.withUTF8 { write(bytes: $0) }
  }

  mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
    if !Platform.writeAll(1, UnsafeRawBufferPointer(bytes)) {
      // NB: a closed pipe (`| head`) ends the command quietly.
      if Platform.isBrokenPipe { Platform.exit(.success) }
      writeError("Error: Cannot write to standard output: \(Platform.errorText)\n")
      Platform.exit(.ioError)
    }
  }

  mutating func writeError(_ text: String) {
    var text = text
    _ = text.withUTF8 { Platform.writeAll(2, UnsafeRawBufferPointer($0)) }
  }

  mutating func readInput() -> [UInt8]? {
    Platform.readChunk(0, count: 1 << 20)
  }
}
