import GestureTrace

extension LeftOutTraces {
  /// Writes the warning to standard error, when anything was left out.
  func report(io: inout some ToolIO) {
    if let warning { io.writeError(warning) }
  }
}
