/// A progress line on standard error, shown only when it is a terminal.
struct Progress {
  let label: String
  let total: Int
  let isShown: Bool
  private var lastPercent = -1

  init(label: String, total: Int, io: some ToolIO) {
    self.label = label
    self.total = total
    isShown = io.isErrorTerminal && total > 0
  }

  /// Redraws the line when the percentage changed.
  mutating func update(_ done: Int, io: inout some ToolIO) {
    guard isShown else { return }
    let percent = min(100, done * 100 / total)
    guard percent != lastPercent else { return }
    lastPercent = percent
    io.writeError("\r\(label): \(percent)% (\(done) of \(total))")
  }

  /// Clears the line.
  func finish(io: inout some ToolIO) {
    guard isShown, lastPercent >= 0 else { return }
    io.writeError("\r\u{1B}[K")
  }
}
