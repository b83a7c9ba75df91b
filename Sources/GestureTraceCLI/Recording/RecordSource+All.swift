import GestureTrace

extension RecordSource {
  /// Every source, in the order of the help and of the `--from` values.
  static let all: [RecordSource] = [
    .auto, .csv, .stdin, .getevent, .evemu, .libinput, .terminal, .browser,
  ]

  /// A file or `-` in any format but the terminal, told from its first
  /// lines.
  static let auto = RecordSource(
    name: "auto", help: [], input: .fileOrStandardInput, reading: .sniffed)

  /// Raw samples in CSV (`t,x,y[,event][,trace]`) from a file or `-`.
  static let csv = RecordSource(
    name: "csv",
    help: [
      "CSV samples with columns t,x,y and optionally event",
      "(down, move, up, cancel; without it the first row is the",
      "touch-down and the last the lift) and trace (several",
      "gestures, ids kept); INPUT defaults to standard input.",
    ],
    input: .fileOrStandardInput, reading: .samples)

  /// The same lines streamed on standard input.
  static let stdin = RecordSource(
    name: "stdin", help: ["The same lines streamed; each trace is written as it ends."],
    input: .standardInput, reading: .samples)

  /// Mouse drags in the terminal.
  static let terminal = RecordSource(
    name: "terminal", help: ["Drags made with the mouse in this terminal."],
    input: .nothing(reads: "the terminal"), reading: .terminal)

  /// Gestures on a web page this command serves.
  static let browser = RecordSource(
    name: "browser",
    help: [
      "Gestures on a web page this command serves (open the",
      "printed address on a phone; --host 0.0.0.0 to reach it",
      "over the network, with a token in the address).",
    ],
    input: .nothing(reads: "a web page"), reading: .browser)
}
