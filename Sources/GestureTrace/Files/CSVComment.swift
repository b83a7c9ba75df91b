/// A metadata comment line of a CSV trace file.
///
/// `# key: value` is a file entry; `# trace <id> <key>: <value>` is an entry
/// for one trace. Any other comment line carries no metadata.
enum CSVComment {
  case fileEntry(key: String, value: String)
  case traceEntry(id: String, key: String, value: String)

  /// Reads a line that starts with `#`; `nil` when it is a plain comment.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    if bytes.allSatisfy({ $0 < 0x80 }) {
      // NB: in an ASCII line every character is one byte.
      self.init(Self.parts(ascii: bytes), of: bytes)
      return
    }
    // NB: the parts are found on bytes, as for ASCII: spaces and colons
    // are bytes no other character's UTF-8 holds, and a `Character` may
    // join a space or a colon with a combining mark after it.
    self.init(
      Self.parts(bytes, isID: { Trace.isValidID(String(decoding: $0, as: UTF8.self)) }),
      of: bytes)
  }

  /// The comment whose parts are `parts` of `bytes`; `nil` for none.
  private init?(_ parts: Parts?, of bytes: UnsafeBufferPointer<UInt8>) {
    func text(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    switch parts {
    case .fileEntry(let key, let value)?:
      self = .fileEntry(key: text(key), value: text(value))
    case .traceEntry(let id, let key, let value)?:
      self = .traceEntry(id: text(id), key: text(key), value: text(value))
    case nil:
      return nil
    }
  }

  /// Where the parts of a metadata line are, as offsets into its bytes.
  enum Parts {
    case fileEntry(key: Range<Int>, value: Range<Int>)
    case traceEntry(id: Range<Int>, key: Range<Int>, value: Range<Int>)
  }

  /// Finds the parts of an ASCII line that starts with `#`, as
  /// ``init(_:)`` reads them; `nil` when it is a plain comment.
  static func parts(ascii bytes: UnsafeBufferPointer<UInt8>) -> Parts? {
    parts(bytes, isID: isID)
  }

  /// Finds the parts of a line that starts with `#`, checking a trace
  /// entry's id with `isID`; `nil` when it is a plain comment.
  ///
  /// The key ends at the first colon, but in `# trace <id> <key>: <value>`
  /// at the first colon after the id: an id may hold colons (`a:b`), and
  /// its metadata was lost when the id's colon ended the key.
  private static func parts(
    _ bytes: UnsafeBufferPointer<UInt8>, isID: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Parts? {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    var lower = 1
    var upper = bytes.count
    while lower < upper && isSpace(bytes[lower]) { lower += 1 }
    while upper > lower && isSpace(bytes[upper - 1]) { upper -= 1 }
    var colon = lower
    if upper - lower > 6, isTrace(UnsafeBufferPointer(rebasing: bytes[lower..<lower + 5])),
      bytes[lower + 5] == 0x20
    {
      // Past `trace`, its spaces and the id.
      colon = lower + 5
      while colon < upper && bytes[colon] == 0x20 { colon += 1 }
      while colon < upper && bytes[colon] != 0x20 { colon += 1 }
    }
    while colon < upper && bytes[colon] != UInt8(ascii: ":") { colon += 1 }
    guard colon < upper else { return nil }
    var valueStart = colon + 1
    while valueStart < upper && isSpace(bytes[valueStart]) { valueStart += 1 }
    // The head's words, split at spaces: only one or three are of use.
    var words = (0..<0, 0..<0, 0..<0)
    var wordCount = 0
    var index = lower
    while index < colon {
      while index < colon && bytes[index] == 0x20 { index += 1 }
      guard index < colon else { break }
      let wordStart = index
      while index < colon && bytes[index] != 0x20 { index += 1 }
      switch wordCount {
      case 0: words.0 = wordStart..<index
      case 1: words.1 = wordStart..<index
      case 2: words.2 = wordStart..<index
      default: return nil
      }
      wordCount += 1
    }
    func word(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: bytes[range])
    }
    if wordCount == 1, isKey(word(words.0)) {
      return .fileEntry(key: words.0, value: valueStart..<upper)
    }
    guard wordCount == 3, isTrace(word(words.0)), isID(word(words.1)), isKey(word(words.2))
    else { return nil }
    return .traceEntry(id: words.1, key: words.2, value: valueStart..<upper)
  }

  /// Whether the bytes are `trace`.
  private static func isTrace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count == 5 && bytes[0] == UInt8(ascii: "t") && bytes[1] == UInt8(ascii: "r")
      && bytes[2] == UInt8(ascii: "a") && bytes[3] == UInt8(ascii: "c")
      && bytes[4] == UInt8(ascii: "e")
  }

  /// ``TraceMetadata/isValidValue(_:)`` for ASCII bytes.
  static func isValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy { $0 >= 0x20 && $0 != 0x7F } && bytes.first != 0x20 && bytes.last != 0x20
  }

  /// ``TraceMetadata/isValidKey(_:)`` for ASCII bytes.
  private static func isKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    !bytes.isEmpty
      && bytes.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
          || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F || byte == 0x2E
      }
  }

  /// ``Trace/isValidID(_:)`` for ASCII bytes.
  private static func isID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    !bytes.isEmpty && bytes.allSatisfy { $0 > 0x20 && $0 != 0x7F }
  }
}
