import GestureTrace

/// `record --from auto`: tells the source of a file or of standard input
/// from its first lines, as they are read.
///
/// It keeps the bytes read until the format is told (``RawInputSniffer``:
/// at the first line that is not blank or a comment, within 64 KiB), and
/// the recorder then reads them first: a stream is read once, and only up
/// to that line before its format is known.
struct AutoSource {
  /// What the first lines told.
  enum Outcome: Equatable {
    /// The input is in this format.
    case format(RawInputFormat)
    /// The input ended without a line that is not blank or a comment.
    case empty
  }

  private var sniffer = RawInputSniffer()
  /// The bytes read so far.
  private(set) var bytes: [UInt8] = []

  /// Reads the next chunk, `nil` at the end of the input; the outcome once
  /// the lines read tell it, else `nil`.
  ///
  /// - Throws: A usage error when the format cannot be told, listing the
  ///   `--from` values.
  mutating func read(
    _ chunk: UnsafeBufferPointer<UInt8>?, path: String
  ) throws(CommandError) -> Outcome? {
    if let chunk { bytes.append(contentsOf: chunk) }
    switch sniffer.verdict(bytes, isComplete: chunk == nil) {
    case .format(let format): return .format(format)
    case .empty: return .empty
    case .undecided: return nil
    case .unknown(let line):
      let place = line > 0 ? "its line \(line)" : "its first 64 KiB"
      let values = RecordSource.all.filter { $0 != .auto }.map(\.name)
      throw .usage(
        "Cannot tell the format of \(AutoSource.name(path)) from \(place); give it with --from, "
          + CommandLineParser.list(values),
        help: "--from <source>  Where the input comes from.")
    }
  }

  /// The line `--from auto` prints on standard error once it has chosen.
  static func announcement(_ format: RawInputFormat, path: String) -> String {
    let source = RecordSource.reading(format)
    return "Reading \(name(path)) as \(format.description) (--from \(source.name); "
      + "use --from to choose)\n"
  }

  /// The format of a file's first lines, for hints; `nil` for standard
  /// input, an unreadable file or one whose format cannot be told.
  static func sniff(file path: String) -> RawInputFormat? {
    guard path != "-", !Platform.isSpecialFile(path) else { return nil }
    var auto = AutoSource()
    var outcome: Outcome?
    var unknown = false
    do {
      try Platform.readFile(path, chunkSize: RawInputSniffer.limit) { chunk in
        do {
          outcome = try auto.read(chunk, path: path)
        } catch {
          unknown = true
        }
        return outcome == nil && !unknown
      }
      if outcome == nil, !unknown { outcome = try auto.read(nil, path: path) }
    } catch {
      return nil
    }
    guard case .format(let format) = outcome else { return nil }
    return format
  }

  /// The input's name in messages: `'x.events'` or `standard input`.
  static func name(_ path: String) -> String {
    path == "-" ? "standard input" : "'\(path)'"
  }
}
