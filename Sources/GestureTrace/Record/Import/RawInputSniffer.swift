/// The kinds of raw input `gesturetrace record` reads, as its first lines
/// tell them apart.
package enum RawInputFormat: Sendable, Hashable {
  /// CSV pointer samples (`t,x,y[,event][,trace]`).
  case csvSamples
  /// An Android `getevent` log: `labels` for `-l`, `timestamps` for `-t`,
  /// each `nil` when the line that told the format does not say.
  case getevent(labels: Bool?, timestamps: Bool?)
  /// An `evemu-record` log (or its `.desc` description).
  case evemu
  /// A `libinput record` YAML file.
  case libinput

  /// The format without what a log's first lines tell of its options:
  /// `getevent(labels: nil, timestamps: nil)` for every getevent log.
  package var general: RawInputFormat {
    if case .getevent = self { return .getevent(labels: nil, timestamps: nil) }
    return self
  }

  /// The format in a sentence's words: `an evemu-record log`.
  package var description: String {
    switch self {
    case .csvSamples: return "CSV samples"
    case .getevent(let labels, let timestamps):
      switch (labels, timestamps) {
      case (true, true): return "a 'getevent -lt' log"
      case (false, true): return "a 'getevent -t' log"
      case (_, false): return "a getevent log without timestamps"
      default: return "a getevent log"
      }
    case .evemu: return "an evemu-record log"
    case .libinput: return "a 'libinput record' file"
    }
  }
}

/// Tells the format of raw input from its first lines, conservatively:
/// each format is recognized by what its first line that is not blank or a
/// comment must look like, and anything else is left unknown rather than
/// guessed.
///
/// - `# EVEMU` or `# libinput record` on a comment line: that format.
/// - `[   69088.582662] …`: `getevent -t` (with `-l` when the event's type
///   is a label such as `EV_ABS`); `add device 1: /dev/input/event2`: a
///   getevent banner; `/dev/input/event2: 0003 0039 0000002a`,
///   `EV_ABS ABS_MT_POSITION_X 000002a8` or `0003 0035 000002a8`: a getevent
///   log without timestamps.
/// - `E: 0.081454 0003 0036 368`, or one of evemu's `N:`, `I:`, `P:`, `B:`,
///   `A:`, `L:` and `S:` lines: evemu-record.
/// - `ndevices:` or `devices:` at the start of a line, or `version:` followed
///   by one of `ndevices:`, `libinput:`, `system:` or `devices:`: libinput.
/// - A line with a comma, but not a JSON object: CSV samples (whose header
///   the CSV reader checks).
///
/// Feed it everything read so far, each time more arrives; it looks at
/// each complete line once and decides at the first line that tells, so a
/// stream is read only up to there.
///
/// ```swift
/// var sniffer = RawInputSniffer()
/// sniffer.verdict(Array("t,x,y\n".utf8), isComplete: false)  // .format(.csvSamples)
/// ```
package struct RawInputSniffer: Sendable {
  /// The most bytes looked at; a format not told by then is unknown.
  package static let limit = 65_536

  /// What the lines read so far tell.
  package enum Verdict: Sendable, Hashable {
    /// The input is in this format.
    case format(RawInputFormat)
    /// More input is needed.
    case undecided
    /// The first line that is not blank or a comment matches no format;
    /// its number, from 1 (0 when the limit was reached first).
    case unknown(line: Int)
    /// The input ended without a line that is not blank or a comment.
    case empty
  }

  /// The bytes of the complete lines already looked at.
  private var scanned = 0
  private var lineNumber = 0
  /// Whether a `version:` key opened the file (libinput, if a libinput key
  /// follows).
  private var sawVersionKey = false

  /// Creates a sniffer at the start of an input.
  package init() {}

  /// Looks at the lines of `bytes` not yet seen.
  ///
  /// - Parameters:
  ///   - bytes: Everything read so far, from the start of the input; each
  ///     call gives the bytes of the one before and perhaps more.
  ///   - isComplete: Whether the input has ended, so that a last line
  ///     without a line break counts.
  package mutating func verdict(_ bytes: [UInt8], isComplete: Bool) -> Verdict {
    while scanned < bytes.count {
      guard let newline = bytes[scanned...].firstIndex(of: UInt8(ascii: "\n")) else { break }
      let line = bytes[scanned..<newline]
      scanned = newline + 1
      if let verdict = look(at: line) { return verdict }
      if scanned >= Self.limit { return .unknown(line: 0) }
    }
    if isComplete {
      if scanned < bytes.count {
        let line = bytes[scanned...]
        scanned = bytes.count
        if let verdict = look(at: line) { return verdict }
      }
      return sawVersionKey ? .unknown(line: lineNumber) : .empty
    }
    return bytes.count >= Self.limit ? .unknown(line: 0) : .undecided
  }

  /// The verdict a line gives, or `nil` when it is blank or a comment.
  private mutating func look(at line: ArraySlice<UInt8>) -> Verdict? {
    lineNumber += 1
    var text = line
    if lineNumber == 1, text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
    if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
    let indented = text.first.map(ImportScanning.isBlank) ?? false
    text = text.drop(while: ImportScanning.isBlank)
    guard let first = text.first else { return nil }
    if first == UInt8(ascii: "#") {
      if text.starts(with: "# EVEMU".utf8) { return .format(.evemu) }
      if text.starts(with: "# libinput record".utf8) { return .format(.libinput) }
      return nil
    }
    let unknown = Verdict.unknown(line: lineNumber)
    if sawVersionKey {
      let keys = ["ndevices:", "libinput:", "system:", "devices:"]
      let isKey = !indented && keys.contains { text.starts(with: $0.utf8) }
      return isKey ? .format(.libinput) : unknown
    }
    // NB: a JSON line has commas too, but is not CSV samples.
    if first == UInt8(ascii: "{") { return unknown }
    if first == UInt8(ascii: "[") {
      guard let format = Self.timedGetevent(text) else { return unknown }
      return .format(format)
    }
    if text.count >= 3, text[text.startIndex + 1] == UInt8(ascii: ":"),
      ImportScanning.isBlank(text[text.startIndex + 2]),
      "ENIPBALS".utf8.contains(first)
    {
      return .format(.evemu)
    }
    if let format = Self.untimedGetevent(text) { return .format(format) }
    if !indented {
      if text.starts(with: "ndevices:".utf8) || text.starts(with: "devices:".utf8) {
        return .format(.libinput)
      }
      if text.starts(with: "version:".utf8) {
        sawVersionKey = true
        return nil
      }
    }
    if text.contains(UInt8(ascii: ",")) { return .format(.csvSamples) }
    return unknown
  }

  /// `[ seconds.microseconds]` then an event, optionally after the device:
  /// a `getevent -t` line.
  private static func timedGetevent(_ text: ArraySlice<UInt8>) -> RawInputFormat? {
    guard let close = text.firstIndex(of: UInt8(ascii: "]")) else { return nil }
    let inside = text[(text.startIndex + 1)..<close].drop(while: ImportScanning.isBlank)
    guard ImportScanning.timestamp(inside) != nil else { return nil }
    let rest = text[(close + 1)...]
    let tokens = ImportScanning.tokens(rest)
    var index = 0
    if let first = tokens.first, rest[first].starts(with: "/dev/".utf8) { index = 1 }
    guard index < tokens.count else { return nil }
    return .getevent(labels: rest[tokens[index]].starts(with: "EV_".utf8), timestamps: true)
  }

  /// A getevent banner, or an event without a timestamp.
  private static func untimedGetevent(_ text: ArraySlice<UInt8>) -> RawInputFormat? {
    if text.starts(with: "add device ".utf8) { return .getevent(labels: nil, timestamps: nil) }
    let tokens = ImportScanning.tokens(text)
    var index = 0
    if let first = tokens.first, text[first].starts(with: "/dev/input/".utf8),
      text[first].last == UInt8(ascii: ":")
    {
      index = 1
    }
    guard tokens.count - index == 3 || tokens.count - index == 5 else { return nil }
    let words = tokens[index...].map { text[$0] }
    if words[0].starts(with: "EV_".utf8) { return .getevent(labels: true, timestamps: false) }
    let isNumeric =
      words[0].count == 4 && words[1].count == 4 && words[2].count == 8
      && words.prefix(3).allSatisfy { ImportScanning.hex($0) != nil }
    return isNumeric ? .getevent(labels: false, timestamps: false) : nil
  }
}
