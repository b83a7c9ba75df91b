/// Reads a JSON Lines trace line written as ``JSONLinesEncoder`` writes it,
/// straight from its bytes, without building JSON values.
///
/// The line must be exactly `{"id":"…"` then optionally `,"meta":{…}` with
/// string values, then `,"events":[…]}`, each event `{"t":…,"phase":"…",
/// "tx":…,"ty":…}` with optionally `"vx"`,`"vy"` then `"x"`,`"y"` before its
/// `}`: keys in that order, no white space, no escapes, ASCII strings, and
/// numbers `-?digits[.digits]` of at most 18 digits (times of at most 9
/// decimals). Anything else, and any line that breaks a rule of the format
/// or whose numbers the general path would round differently, is left to
/// ``JSONParser`` and ``JSONLinesTraceReader``, which then report what they
/// report for it. For a line it reads, the trace is the one they give.
// NB: numbers take Clinger's fast path, as `DecimalLiteral.double(_:)`
// does for these literals (every digit kept, an integer below 2^53 divided
// by an exact power of ten), and times are whole nanoseconds as in
// `DecimalLiteral.nanoseconds()`, so the values are the same bits.
struct JSONLinesFastReader: Hashable {
  /// The bytes an event may take at most, with the comma or `]}` after it;
  /// an event is read only when that many bytes follow its start, so that
  /// no byte it reads needs a bounds check.
  // NB: `{"t":` 5, a time of up to 22 bytes read, `,"phase":"cancelled"`
  // 20, six numbers of up to 22 bytes with their keys (5 or 6 each), `}`
  // and `]}`, and an 8-byte load after the last number: well below 256.
  static let eventRoom = 256

  /// What reading a line gave.
  enum Outcome {
    /// The line's trace; `end` is the offset just after its closing `}`.
    case trace(Trace, end: Int)
    /// The line is not as the encoder writes it, or breaks a rule: the
    /// general path must read it.
    case general
    /// The bytes ended before the line could be read: it may be read
    /// again with more bytes after it.
    case needsRoom
  }

  private var strings = InternedStrings()
  private var events: [PanEvent] = []
  /// A line copied with ``eventRoom`` bytes after it.
  private var copy: [UInt8] = []

  /// Creates a reader.
  init() {
    events.reserveCapacity(256)
  }

  // NB: what a reader holds are caches and scratch space, which change no
  // result: every reader is equal to every other (so that the decoder that
  // keeps one between chunks stays `Hashable`).
  static func == (lhs: JSONLinesFastReader, rhs: JSONLinesFastReader) -> Bool { true }

  func hash(into hasher: inout Hasher) {}

  /// Reads a whole line (without its line break) from a copy with room
  /// after it; `nil` when the general path must read it.
  mutating func read(copying line: UnsafeBufferPointer<UInt8>) -> Trace? {
    copy.removeAll(keepingCapacity: true)
    copy.append(contentsOf: line)
    copy.append(contentsOf: repeatElement(0, count: Self.eventRoom))
    let outcome = copy.withUnsafeBufferPointer { buffer in
      read(buffer.baseAddress!, from: 0, limit: buffer.count)
    }
    guard case .trace(let trace, let end) = outcome, end == line.count else { return nil }
    return trace
  }

  /// Reads the line that starts at `start`; `limit` is the end of the
  /// bytes that can be read, which may be past the line's end.
  ///
  /// The line's end (its line break) is not checked: the caller checks
  /// that it follows the returned end.
  mutating func read(
    _ base: UnsafePointer<UInt8>, from start: Int, limit: Int
  ) -> Outcome {
    var index = start
    // {"id":"
    guard limit &- index >= 16 else { return .needsRoom }
    guard Self.word(base, index) & 0xFF_FFFF_FFFF_FFFF == 0x0022_3A22_6469_227B else {
      return .general
    }
    index &+= 7
    let idStart = index
    while index < limit, Self.isPlain(base[index]) { index &+= 1 }
    guard index < limit else { return .needsRoom }
    guard base[index] == UInt8(ascii: "\""), index > idStart else { return .general }
    let idEnd = index
    index &+= 1
    var metadata = TraceMetadata()
    guard limit &- index >= 16 else { return .needsRoom }
    if Self.word(base, index) == 0x3A22_6174_656D_222C {  // ,"meta":
      index &+= 8
      guard base[index] == UInt8(ascii: "{") else { return .general }
      index &+= 1
      switch readMetadata(base, &index, limit, into: &metadata) {
      case .trace, .general: return .general
      case .needsRoom: return .needsRoom
      case nil: break
      }
      guard limit &- index >= 16 else { return .needsRoom }
    }
    // ,"events":[
    guard Self.word(base, index) == 0x7374_6E65_7665_222C,
      Self.word(base, index &+ 8) & 0xFF_FFFF == 0x5B_3A22
    else { return .general }
    index &+= 11
    events.removeAll(keepingCapacity: true)
    var validator = TraceValidator()
    if limit &- index < 2 { return .needsRoom }
    if base[index] == UInt8(ascii: "]") {
      index &+= 1
    } else {
      while true {
        guard limit &- index >= Self.eventRoom else { return .needsRoom }
        guard let (event, end) = Self.event(base, index) else { return .general }
        guard validator.checkFinite(event, at: events.count) == nil else { return .general }
        events.append(event)
        index = end
        if base[index] == UInt8(ascii: ",") {
          index &+= 1
        } else if base[index] == UInt8(ascii: "]") {
          index &+= 1
          break
        } else {
          return .general
        }
      }
    }
    guard validator.finish() == nil, base[index] == UInt8(ascii: "}") else { return .general }
    let id = String(
      decoding: UnsafeBufferPointer(start: base + idStart, count: idEnd &- idStart), as: UTF8.self)
    return .trace(Trace(id: id, events: Array(events), metadata: metadata), end: index &+ 1)
  }

  // MARK: - Metadata

  /// Reads the entries of the `meta` object after its `{`, and its `}`;
  /// `nil` when read, or why not.
  private mutating func readMetadata(
    _ base: UnsafePointer<UInt8>, _ index: inout Int, _ limit: Int,
    into metadata: inout TraceMetadata
  ) -> Outcome? {
    let line = UnsafeBufferPointer(start: base, count: limit)
    guard index < limit else { return .needsRoom }
    if base[index] == UInt8(ascii: "}") {
      index &+= 1
      return nil
    }
    while true {
      guard index < limit else { return .needsRoom }
      guard base[index] == UInt8(ascii: "\"") else { return .general }
      index &+= 1
      let keyStart = index
      while index < limit, Self.isKeyByte(base[index]) { index &+= 1 }
      let keyEnd = index
      // ":"
      guard limit &- index >= 3 else { return .needsRoom }
      guard keyEnd > keyStart,
        base[index] == UInt8(ascii: "\""), base[index &+ 1] == UInt8(ascii: ":"),
        base[index &+ 2] == UInt8(ascii: "\"")
      else { return .general }
      index &+= 3
      let valueStart = index
      while index < limit, Self.isPlain(base[index]) || base[index] == 0x20 { index &+= 1 }
      guard limit &- index >= 2 else { return .needsRoom }
      let valueEnd = index
      guard base[index] == UInt8(ascii: "\""),
        valueEnd == valueStart
          || (base[valueStart] != 0x20 && base[valueEnd &- 1] != 0x20)
      else { return .general }
      index &+= 1
      let key = strings.interned(line, keyStart..<keyEnd).string
      guard metadata[key] == nil else { return .general }
      metadata.append(newKey: key, value: strings.interned(line, valueStart..<valueEnd).string)
      if base[index] == UInt8(ascii: ",") {
        index &+= 1
      } else if base[index] == UInt8(ascii: "}") {
        index &+= 1
        return nil
      } else {
        return .general
      }
    }
  }

  // MARK: - Events

  /// Reads one event object at `index` (which has ``eventRoom`` bytes
  /// after it); returns it and the offset after its `}`.
  @inline(__always)
  private static func event(
    _ base: UnsafePointer<UInt8>, _ start: Int
  ) -> (PanEvent, end: Int)? {
    guard word(base, start) & 0xFF_FFFF_FFFF == 0x3A_2274_227B else { return nil }  // {"t":
    guard let (time, timeEnd) = time(base, start &+ 5),
      word(base, timeEnd) == 0x2265_7361_6870_222C,  // ,"phase"
      word(base, timeEnd &+ 8) & 0xFFFF == 0x223A  // :"
    else { return nil }
    var index = timeEnd &+ 10
    let phaseWord = word(base, index)
    let phase: TouchPhase
    if phaseWord == 0x2264_6567_6E61_6863 {  // changed"
      phase = .changed
      index &+= 8
    } else if phaseWord & 0xFFFF_FFFF_FFFF == 0x2264_6564_6E65 {  // ended"
      phase = .ended
      index &+= 6
    } else if phaseWord & 0xFFFF_FFFF_FFFF == 0x226E_6167_6562 {  // began"
      phase = .began
      index &+= 6
    } else if phaseWord == 0x656C_6C65_636E_6163, word(base, index &+ 8) & 0xFFFF == 0x2264 {
      phase = .cancelled  // cancelled"
      index &+= 10
    } else {
      return nil
    }
    guard word(base, index) & 0xFFFF_FFFF_FFFF == 0x3A22_7874_222C,  // ,"tx":
      let (tx, txEnd) = number(base, index &+ 6),
      word(base, txEnd) & 0xFFFF_FFFF_FFFF == 0x3A22_7974_222C,  // ,"ty":
      let (ty, tyEnd) = number(base, txEnd &+ 6)
    else { return nil }
    index = tyEnd
    var velocity: Vector2D?
    var location: Vector2D?
    if word(base, index) & 0xFFFF_FFFF_FFFF == 0x3A22_7876_222C {  // ,"vx":
      guard let (vx, vxEnd) = number(base, index &+ 6),
        word(base, vxEnd) & 0xFFFF_FFFF_FFFF == 0x3A22_7976_222C,  // ,"vy":
        let (vy, vyEnd) = number(base, vxEnd &+ 6)
      else { return nil }
      velocity = Vector2D(x: vx, y: vy)
      index = vyEnd
    }
    if word(base, index) & 0xFF_FFFF_FFFF == 0x3A_2278_222C {  // ,"x":
      guard let (x, xEnd) = number(base, index &+ 5),
        word(base, xEnd) & 0xFF_FFFF_FFFF == 0x3A_2279_222C,  // ,"y":
        let (y, yEnd) = number(base, xEnd &+ 5)
      else { return nil }
      location = Vector2D(x: x, y: y)
      index = yEnd
    }
    guard base[index] == UInt8(ascii: "}") else { return nil }
    return (
      PanEvent(
        time: time, phase: phase, translation: Vector2D(x: tx, y: ty), velocity: velocity,
        location: location),
      index &+ 1
    )
  }

  /// Reads a time `-?digits[.digits]` with at most 9 decimals as whole
  /// nanoseconds, as ``DecimalLiteral/nanoseconds()`` does.
  @inline(__always)
  private static func time(
    _ base: UnsafePointer<UInt8>, _ index: Int
  ) -> (TraceTime, end: Int)? {
    guard let (significand, decimals, negative, end) = digits(base, index),
      let time = TraceTime.decimalSeconds(significand, decimals: decimals, negative: negative)
    else { return nil }
    return (time, end)
  }

  /// Reads a number `-?digits[.digits]` whose digits make an integer below
  /// 2^53, as ``DecimalLiteral/double(_:)`` converts it.
  @inline(__always)
  private static func number(
    _ base: UnsafePointer<UInt8>, _ index: Int
  ) -> (Double, end: Int)? {
    guard let (significand, decimals, negative, end) = digits(base, index),
      significand < 1 << 53
    else { return nil }
    let value = Double(significand) / powersOfTen[decimals]
    return (negative ? -value : value, end)
  }

  /// The digits of a JSON number without exponent, `-?(0|[1-9]digits)
  /// [.digits]`, as an integer, with its number of decimals, its sign and
  /// the offset after it; `nil` for more than 18 digits or anything else.
  /// The byte after the number is not checked.
  @inline(__always)
  private static func digits(
    _ base: UnsafePointer<UInt8>, _ start: Int
  ) -> (UInt64, decimals: Int, negative: Bool, end: Int)? {
    var index = start
    let negative = base[index] == UInt8(ascii: "-")
    if negative { index &+= 1 }
    let first = base[index] &- 0x30
    guard first < 10 else { return nil }
    var significand = UInt64(first)
    index &+= 1
    var count = 1
    if first != 0 {
      while count < 19 {
        let digit = base[index] &- 0x30
        guard digit < 10 else { break }
        significand = significand &* 10 &+ UInt64(digit)
        index &+= 1
        count &+= 1
      }
    }
    var decimals = 0
    if base[index] == UInt8(ascii: ".") {
      index &+= 1
      while count < 19 {
        let digit = base[index] &- 0x30
        guard digit < 10 else { break }
        significand = significand &* 10 &+ UInt64(digit)
        index &+= 1
        count &+= 1
        decimals &+= 1
      }
      guard decimals > 0 else { return nil }
    }
    // NB: a leading 0 followed by a digit is no JSON number; the 19th digit
    // is one too many.
    guard count <= 18, base[index] &- 0x30 >= 10 else { return nil }
    return (significand, decimals, negative, index)
  }

  /// 10^n for 0 to 18 decimals, exactly.
  private static let powersOfTen: [Double] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19,
  ]

  // MARK: - Bytes

  /// The eight bytes at `index` as a little-endian word.
  @_transparent
  private static func word(_ base: UnsafePointer<UInt8>, _ index: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
  }

  /// Whether a byte stands for itself in a plain string: printable ASCII
  /// but space, `"` and `\`.
  @inline(__always)
  private static func isPlain(_ byte: UInt8) -> Bool {
    byte &- 0x21 < 0x5E && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
  }

  /// Whether a byte can be part of a metadata key.
  @inline(__always)
  private static func isKeyByte(_ byte: UInt8) -> Bool {
    (byte &- 0x30 < 10) || ((byte | 0x20) &- 0x61 < 26) || byte == 0x2D || byte == 0x5F
      || byte == 0x2E
  }
}
