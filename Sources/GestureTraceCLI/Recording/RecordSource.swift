import GestureTrace

/// One source `gesturetrace record --from` reads, described once: its name,
/// its lines in the help, what `<input>` it takes and how it is read.
///
/// ``all`` lists them; the `--from` values, the help's list of sources,
/// the values a usage error lists and the format a message names are all
/// derived from it, so adding a device-log format is its decoder plus one
/// description in the list (docs/architecture.md, extension checklists).
struct RecordSource: RawRepresentable, CaseIterable, Hashable, Sendable,
  CustomStringConvertible
{
  /// What a source takes as `<input>`.
  enum Input: Hashable, Sendable {
    /// A file or `-`, standard input when not given.
    case fileOrStandardInput
    /// Standard input only (`-` or nothing).
    case standardInput
    /// A file or `-`, required.
    case file
    /// Nothing: the source `reads` something else (`the terminal`).
    case nothing(reads: String)
  }

  /// How a source's input is read.
  enum Reading: Sendable {
    /// Told from the first lines (``RawInputSniffer``), then read as the
    /// source that reads that format.
    case sniffed
    /// CSV pointer samples (``PointerSampleReader``).
    case samples
    /// A device log in `format`, read by the decoder `open` makes for the
    /// input's path.
    case deviceLog(
      RawInputFormat, open: @Sendable (String) throws(CommandError) -> DeviceLogOpening)
    /// Mouse drags in this terminal (``TerminalRecorder``).
    case terminal
    /// Gestures on a served web page (``BrowserRecorder``).
    case browser
  }

  /// The `--from` value, written as each trace's `source`.
  let name: String
  /// The description in the help's list of sources, as lines of at most
  /// 59 characters (hand-wrapped); empty for a description derived from
  /// the list (``helpLines``).
  let help: [String]
  /// What it takes as `<input>`.
  let input: Input
  /// How it is read.
  let reading: Reading

  var rawValue: String { name }

  /// The name, as an enum case of it would print.
  var description: String { name }

  init?(rawValue: String) {
    guard let source = Self.all.first(where: { $0.name == rawValue }) else { return nil }
    self = source
  }

  init(name: String, help: [String], input: Input, reading: Reading) {
    self.name = name
    self.help = help
    self.input = input
    self.reading = reading
  }

  static var allCases: [RecordSource] { all }

  static func == (left: RecordSource, right: RecordSource) -> Bool { left.name == right.name }

  func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// The format it reads: a device log's, else CSV samples.
  var format: RawInputFormat {
    if case .deviceLog(let format, _) = reading { return format }
    return .csvSamples
  }

  /// The source that reads a format the sniffer told: the first in the
  /// list that reads it from a file.
  static func reading(_ format: RawInputFormat) -> RecordSource {
    let general = format.general
    let reader = all.first { source in
      switch source.reading {
      case .samples: general == .csvSamples && source.input != .standardInput
      case .deviceLog(let read, _): general == read
      case .sniffed, .terminal, .browser: false
      }
    }
    // NB: every format the sniffer tells has a source in the list
    // (RecordSourceListTests).
    return reader ?? .csv
  }

  /// The names of the sources a format is told for, in the list's order.
  static var sniffedNames: [String] {
    all.filter { source in
      switch source.reading {
      case .samples: source.input != .standardInput
      case .deviceLog: true
      case .sniffed, .terminal, .browser: false
      }
    }.map(\.name)
  }

  /// Its lines in the help: ``help``, or for `auto` a sentence naming
  /// the sources it tells apart.
  var helpLines: [String] {
    guard case .sniffed = reading else { return help }
    let names = Self.sniffedNames
    let list = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    return HelpText.wrapLines(
      "(default) One of \(list), told from the first line that is not blank or a comment, "
        + "and said on standard error; a usage error when it cannot tell.", width: 58)
  }

  /// The help's list of sources, one entry per source, names padded to
  /// 10 columns: the block after `Sources (--from):`.
  static var helpBlock: String {
    all.flatMap { source in
      source.helpLines.enumerated().map { index, line in
        let label = index == 0 ? source.name : ""
        return "  " + label + String(repeating: " ", count: 10 - label.count) + line
      }
    }.joined(separator: "\n")
  }
}

/// A device log opened for reading: its decoder, and the problems found in
/// another file read for it (evemu's `.desc`).
struct DeviceLogOpening {
  /// The decoder of the log.
  var decoder: any DeviceLogDecoder
  /// The problems of `problemFile`, reported as the log's are.
  var problems: [TraceFileProblem] = []
  /// The file the problems are in.
  var problemFile = ""
}
