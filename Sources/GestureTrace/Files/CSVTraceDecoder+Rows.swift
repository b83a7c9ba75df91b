extension CSVTraceDecoder {
  /// Reads the common row in one pass over its bytes: a row of the trace
  /// being read, unquoted, with plain decimal numbers and nothing to
  /// report but a broken trace rule. Far from the end of the bytes, the
  /// common rows after it are read too, and the first row of a next trace
  /// with a plain id.
  ///
  /// Returns the offset after the last line break read, or `nil`, having
  /// changed nothing, when the row is anything else; the general path
  /// (split, then parse each field) then reads it. Both paths give the
  /// same events and the same problems.
  // NB: the general path costs a field table, closures and range checks per
  // field; most rows of a large file are this simple.
  mutating func scanRow(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int, _ emit: (TraceFileItem) -> Void
  ) -> Int? {
    // NB: only the id is read from the current trace; a copy of the whole
    // trace would share its event array and make the append copy it.
    guard current?.isBad == false, !roles.isEmpty else { return nil }
    // NB: far from the end of the bytes, a row in the order the encoder
    // writes is read without a bounds check per byte: each field's scan
    // stops within 40 bytes. An id of up to 16 bytes is compared as two
    // words, without touching (and retaining) the id's array.
    if count - start >= 512, let shape = canonicalRow {
      if currentIDWords != nil {
        // NB: the rows after it are read here too, as long as they are
        // common, the next traces' as well; returning to `push` for each
        // costs two calls and these checks again.
        let end = scanCanonicalRows(base, from: start, count: count, shape: shape, emit)
        return end == start ? nil : end
      }
      let idBytes = current!.idBytes
      if idBytes.count <= 64, idBytes.first != UInt8(ascii: "#") {
        let matches = idBytes.withUnsafeBufferPointer { id -> Bool in
          for offset in 0..<id.count where base[start + offset] != id[offset] { return false }
          return true
        }
        guard matches else { return nil }
        let end = scanCanonicalRows(
          base, from: start, count: count, firstIDCount: idBytes.count, shape: shape, emit)
        return end == start ? nil : end
      }
    }
    let idBytes = current!.idBytes
    guard start < count, base[start] != UInt8(ascii: "#") else { return nil }
    let comma = UInt8(ascii: ",")
    var index = start
    var time = TraceTime.zero
    var phase = TouchPhase.began
    var timeColumn = 0
    var phaseColumn = 0
    var numbers: (Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0)
    var present: UInt8 = 0
    let scanned = roles.withUnsafeBufferPointer { roles -> Bool in
      let last = roles.count - 1
      for field in 0...last {
        let fieldStart = index
        guard index < count, base[index] != UInt8(ascii: "\"") else { return false }
        switch roles[field] {
        case CSVLayout.Role.id:
          let matches = idBytes.withUnsafeBufferPointer { id -> Bool in
            guard index + id.count <= count else { return false }
            for offset in 0..<id.count where base[index + offset] != id[offset] { return false }
            return true
          }
          guard matches else { return false }
          index += idBytes.count
        case CSVLayout.Role.time:
          guard let value = Self.scanTime(base, &index, count) else { return false }
          time = value
          timeColumn = fieldStart - start + 1
        case CSVLayout.Role.phase:
          while index < count, base[index] >= UInt8(ascii: "a"), base[index] <= UInt8(ascii: "z") {
            index += 1
          }
          let name = UnsafeBufferPointer(start: base + fieldStart, count: index - fieldStart)
          guard let value = TouchPhase(utf8: name) else { return false }
          phase = value
          phaseColumn = fieldStart - start + 1
        case CSVLayout.Role.ignored:
          while index < count, base[index] != comma, base[index] != 0x0A { index += 1 }
          if field == last, index > fieldStart, base[index - 1] == 0x0D { index -= 1 }
        default:
          let slot = roles[field] - CSVLayout.Role.number
          let byte = base[index]
          if byte != comma && byte != 0x0A && byte != 0x0D {
            guard let value = Self.scanNumber(base, &index, count) else { return false }
            switch slot {
            case 0: numbers.0 = value
            case 1: numbers.1 = value
            case 2: numbers.2 = value
            case 3: numbers.3 = value
            case 4: numbers.4 = value
            default: numbers.5 = value
            }
            present |= 1 << slot
          }
        }
        if field < last {
          guard index < count, base[index] == comma else { return false }
        } else {
          if index < count, base[index] == 0x0D { index += 1 }
          guard index < count, base[index] == 0x0A else { return false }
        }
        index += 1
      }
      return true
    }
    // tx and ty are required; vx and vy, x and y come in pairs.
    guard scanned, present & 0b11 == 0b11, (present >> 2) & 0b11 != 0b01,
      (present >> 2) & 0b11 != 0b10, (present >> 4) & 0b11 != 0b01,
      (present >> 4) & 0b11 != 0b10
    else { return nil }
    let velocity = present & 0b100 != 0 ? Vector2D(x: numbers.2, y: numbers.3) : nil
    let location = present & 0b10000 != 0 ? Vector2D(x: numbers.4, y: numbers.5) : nil
    line += 1
    append(
      PanEvent(
        time: time, phase: phase, translation: Vector2D(x: numbers.0, y: numbers.1),
        velocity: velocity, location: location),
      timeColumn: timeColumn, phaseColumn: phaseColumn, isFinite: true, emit)
    return index
  }

  /// Reads `-?digits[.digits]` with at most 18 digits and 22 decimals
  /// whose digits make an integer below 2^53, as ``DecimalLiteral``
  /// converts it; `nil` for anything else.
  // NB: then the literal keeps every digit and takes Clinger's fast path, so
  // the value is `DecimalLiteral.double(_:)`'s.
  @inline(__always)
  private static func scanNumber(
    _ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int
  ) -> Double? {
    guard let (significand, decimals, negative) = scanDigits(base, &index, count),
      significand < 1 << 53, decimals <= 22
    else { return nil }
    var value = Double(significand)
    if decimals > 0 { value /= DecimalLiteral.powerOfTen(decimals) }
    return negative ? -value : value
  }

  /// Reads decimal seconds `-?digits[.digits]` with at most 18 digits and 9
  /// decimals, exactly, as ``DecimalLiteral/nanoseconds()`` does.
  @inline(__always)
  private static func scanTime(
    _ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int
  ) -> TraceTime? {
    guard let (significand, decimals, negative) = scanDigits(base, &index, count),
      decimals <= 9
    else { return nil }
    let (product, overflow) = significand.multipliedReportingOverflow(
      by: DecimalLiteral.integerPowerOfTen(9 - decimals))
    guard !overflow, let time = TraceTime.checked(magnitude: product, negative: negative)
    else { return nil }
    return time
  }

  /// The digits of `-?digits[.digits]` as an integer, the number of
  /// decimals and the sign; `nil` without a digit, with more than 18
  /// digits, or when an exponent or a second point follows.
  @inline(__always)
  private static func scanDigits(
    _ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int
  ) -> (UInt64, Int, Bool)? {
    var cursor = index
    let negative = cursor < count && base[cursor] == UInt8(ascii: "-")
    if negative { cursor += 1 }
    var significand: UInt64 = 0
    var digits = 0
    while cursor < count {
      let digit = base[cursor] &- 0x30
      guard digit < 10 else { break }
      significand = significand &* 10 &+ UInt64(digit)
      digits += 1
      cursor += 1
    }
    var decimals = 0
    if cursor < count && base[cursor] == UInt8(ascii: ".") {
      cursor += 1
      while cursor < count {
        let digit = base[cursor] &- 0x30
        guard digit < 10 else { break }
        significand = significand &* 10 &+ UInt64(digit)
        decimals += 1
        cursor += 1
      }
      digits += decimals
    }
    guard digits > 0, digits <= 18 else { return nil }
    if cursor < count {
      let next = base[cursor]
      guard next != UInt8(ascii: "e"), next != UInt8(ascii: "E"), next != UInt8(ascii: ".")
      else { return nil }
    }
    index = cursor
    return (significand, decimals, negative)
  }

  /// ``scanRow(_:from:count:_:)`` for rows in the encoder's column order
  /// with at least 512 bytes after them: the current trace's while its id
  /// has at most 16 bytes (``currentIDWords``), or the first row of the
  /// next trace, when it has a plain id. `firstIDCount` is the length of
  /// the current trace's id when the caller knows the first row has it.
  ///
  /// Returns the offset after the last row read, `start` if none.
  // NB: a trace's first row is read here only when the whole row is
  // common, before anything changes; then the trace ends and the next
  // starts just as the general path does it.
  private mutating func scanCanonicalRows(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int, firstIDCount: Int? = nil,
    shape: CanonicalRow, _ emit: (TraceFileItem) -> Void
  ) -> Int {
    // NB: one copy of the loop for each column order: which optional pairs
    // a row has is then known where it is compiled (fewer values held per
    // row, no choice between them per row).
    switch shape {
    case .plain:
      return scanCanonicalRows(
        base, from: start, count: count, firstIDCount: firstIDCount, PlainColumns.self, emit)
    case .velocity:
      return scanCanonicalRows(
        base, from: start, count: count, firstIDCount: firstIDCount, VelocityColumns.self, emit)
    case .location:
      return scanCanonicalRows(
        base, from: start, count: count, firstIDCount: firstIDCount, LocationColumns.self, emit)
    case .both:
      return scanCanonicalRows(
        base, from: start, count: count, firstIDCount: firstIDCount, AllColumns.self, emit)
    }
  }

  /// ``scanCanonicalRows(_:from:count:firstIDCount:shape:_:)`` for the
  /// column order `Columns`.
  private mutating func scanCanonicalRows<Columns: CanonicalColumns>(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int, firstIDCount: Int?,
    _ columns: Columns.Type, _ emit: (TraceFileItem) -> Void
  ) -> Int {
    let comma = UInt8(ascii: ",")
    var rowStart = start
    rows: while count &- rowStart >= 512 {
      let idCount: Int
      var startsTrace = false
      if let firstIDCount, rowStart == start {
        idCount = firstIDCount
      } else if let id = currentIDWords {
        if id.isPrefix(of: base + rowStart) {
          idCount = id.count
        } else {
          // Another trace's id: printable ASCII but quotes, up to a comma.
          var end = rowStart
          while end &- rowStart < 64, base[end] &- 0x21 < 0x5E, base[end] != comma,
            base[end] != UInt8(ascii: "\"")
          {
            end &+= 1
          }
          guard end > rowStart, base[end] == comma, base[rowStart] != UInt8(ascii: "#") else {
            break rows
          }
          idCount = end &- rowStart
          startsTrace = true
        }
      } else {
        break rows
      }
      var index = rowStart
      guard base[rowStart] != UInt8(ascii: "\"") else { break rows }
      index &+= idCount
      guard base[index] == comma else { break rows }
      index &+= 1
      let timeColumn = index &- rowStart &+ 1
      // Decimal seconds as `scanTime(_:_:_:)` reads them.
      // NB: written out here: as a function, the compiler would not inline it.
      let time: TraceTime
      let negativeTime = base[index] == UInt8(ascii: "-")
      if let (ticks, decimals, end) = Self.shortDigits(base, negativeTime ? index &+ 1 : index) {
        // At most 7 digits before the point: the product stays below 10^16.
        let nanoseconds = Int64(ticks &* Self.nanosecondsPerTick[decimals])
        time = TraceTime(nanoseconds: negativeTime ? 0 &- nanoseconds : nanoseconds)
        index = end
      } else {
        guard let (long, end) = Self.longTime(base, index) else { break rows }
        time = long
        index = end
      }
      guard base[index] == comma else { break rows }
      index &+= 1
      let phaseColumn = index &- rowStart &+ 1
      guard let phase = Self.canonicalPhase(base, &index) else { break rows }
      index &+= 1
      // tx and ty, then the optional pairs; the last number ends the line.
      // NB: each number goes to its own variable, not into a tuple at a
      // computed offset read back two at a time (a load spanning two stores
      // waits for them), and each field has its own digit loops, whose exits
      // are predicted apart
      // (docs/performance.md, "Notes moved from the code").
      guard let (tx, txEnd) = Self.canonicalNumber(base, index), base[txEnd] == comma,
        let (ty, tyEnd) = Self.canonicalNumber(base, txEnd &+ 1)
      else { break rows }
      index = tyEnd
      var velocity: Vector2D?
      var location: Vector2D?
      if Columns.hasVelocity {
        guard base[index] == comma, let (pair, end) = Self.canonicalPair(base, index &+ 1) else {
          break rows
        }
        velocity = pair
        index = end
      }
      if Columns.hasLocation {
        guard base[index] == comma, let (pair, end) = Self.canonicalPair(base, index &+ 1) else {
          break rows
        }
        location = pair
        index = end
      }
      if base[index] == 0x0D { index &+= 1 }
      guard base[index] == 0x0A else { break rows }
      index &+= 1
      line &+= 1
      if startsTrace {
        finishCurrentTrace(emit)
        startTrace(
          Array(UnsafeBufferPointer(start: base + rowStart, count: idCount)), idColumn: 1, emit)
      }
      let added = append(
        PanEvent(
          time: time, phase: phase, translation: Vector2D(x: tx, y: ty),
          velocity: velocity, location: location),
        timeColumn: timeColumn, phaseColumn: phaseColumn, isFinite: true, emit)
      rowStart = index
      // A bad trace's rows go the general way, which reports their problems.
      guard added, !startsTrace || current?.isBad == false else { break }
    }
    return rowStart
  }

  /// Reads a number field of a canonical row at `index`, as
  /// ``scanNumber(_:_:_:)`` does; returns it and the offset after it.
  // NB: `@_transparent`, because `@inline(__always)` left this and
  // `canonicalPair(_:_:)` as calls, returning through memory.
  @_transparent
  static func canonicalNumber(
    _ base: UnsafePointer<UInt8>, _ index: Int
  ) -> (Double, end: Int)? {
    let negative = base[index] == UInt8(ascii: "-")
    if let (significand, decimals, end) = shortDigits(base, negative ? index &+ 1 : index) {
      // NB: below 2^53, so the conversion is exact and the quotient is
      // Clinger's fast path, as in `DecimalLiteral.double(_:)`. Without
      // decimals it divides by 1, exactly, and the sign is set as a bit:
      // whether a number has decimals or a sign changes from number to
      // number, so branches on them were mispredicted about half the time.
      let value = Double(significand) / Self.shortPowersOfTen[decimals]
      let sign = UInt64(negative ? 1 : 0) &<< 63
      return (Double(bitPattern: value.bitPattern | sign), end)
    }
    return longNumber(base, index)
  }

  /// 10^n for the 0 to 7 decimals of a short number, exactly.
  // NB: tables rather than `DecimalLiteral`'s switches, which became
  // indirect jumps (one a number, mispredicted as the decimals change).
  static let shortPowersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7]
  /// The nanoseconds in one unit of the last of 0 to 7 decimals of seconds:
  /// 10^(9 - n).
  static let nanosecondsPerTick: [UInt64] = [
    1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100,
  ]

  /// Reads an optional pair of number fields at `index`: two numbers, or
  /// two empty fields (`nil`); returns it and the offset after it. Half a
  /// pair is left to the general path, which reports it.
  @_transparent
  private static func canonicalPair(
    _ base: UnsafePointer<UInt8>, _ index: Int
  ) -> (Vector2D?, end: Int)? {
    let comma = UInt8(ascii: ",")
    if base[index] == comma {
      let next = base[index &+ 1]
      guard next == comma || next == 0x0A || next == 0x0D else { return nil }
      return (nil, index &+ 1)
    }
    guard let (x, xEnd) = canonicalNumber(base, index), base[xEnd] == comma,
      let (y, yEnd) = canonicalNumber(base, xEnd &+ 1)
    else { return nil }
    return (Vector2D(x: x, y: y), yEnd)
  }

  /// Reads a phase name and the comma after it, leaving `index` at the
  /// comma; `nil` for anything else.
  // NB: the eight bytes at `index` are compared as one word with each
  // name and its comma; this runs for every row.
  @inline(__always)
  static func canonicalPhase(
    _ base: UnsafePointer<UInt8>, _ index: inout Int
  ) -> TouchPhase? {
    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    let six: UInt64 = 0xFFFF_FFFF_FFFF
    if word == 0x2C64_6567_6E61_6863 {  // "changed,"
      index &+= 7
      return .changed
    } else if word & six == 0x2C_6E61_6765_62 {  // "began,"
      index &+= 5
      return .began
    } else if word & six == 0x2C_6465_646E_65 {  // "ended,"
      index &+= 5
      return .ended
    } else if word == 0x656C_6C65_636E_6163, base[index &+ 8] == UInt8(ascii: "d"),
      base[index &+ 9] == UInt8(ascii: ",")
    {  // "cancelled,"
      index &+= 9
      return .cancelled
    } else if word & 0xFF_FFFF_FFFF_FFFF == 0x2C_6465_6C69_6166 {  // "failed,"
      index &+= 6
      return .cancelled
    }
    return nil
  }

  /// Reads decimal seconds as ``scanTime(_:_:_:)`` does, with
  /// ``cappedDigits(_:_:)``, for the times ``shortDigits(_:_:)`` leaves;
  /// the caller checks the byte after them.
  // NB: kept out of line so that the short path inlines small.
  @inline(never)
  static func longTime(
    _ base: UnsafePointer<UInt8>, _ start: Int
  ) -> (TraceTime, end: Int)? {
    var index = start
    guard let (ticks, decimals, negative) = cappedDigits(base, &index), decimals <= 9 else {
      return nil
    }
    let (product, overflow) = ticks.multipliedReportingOverflow(
      by: DecimalLiteral.integerPowerOfTen(9 - decimals))
    guard !overflow, let time = TraceTime.checked(magnitude: product, negative: negative)
    else { return nil }
    return (time, index)
  }

  /// Reads a number as ``scanNumber(_:_:_:)`` does, with
  /// ``cappedDigits(_:_:)``, for the numbers ``shortDigits(_:_:)`` leaves.
  // NB: kept out of line so that the short path inlines small.
  @inline(never)
  private static func longNumber(
    _ base: UnsafePointer<UInt8>, _ start: Int
  ) -> (Double, end: Int)? {
    var index = start
    guard let (significand, decimals, negative) = cappedDigits(base, &index),
      significand < 1 << 53, decimals <= 22
    else { return nil }
    var value = Double(significand)
    if decimals > 0 { value /= DecimalLiteral.powerOfTen(decimals) }
    return (negative ? -value : value, index)
  }

  /// Reads the common short number `digits[.digits]` at `start` (after
  /// any sign): 1 to 7 digits before the point and, after a point, 1 to 7
  /// after it. Returns its digits as an integer, the number of decimals and
  /// the offset after it; `nil` for anything else, which
  /// ``cappedDigits(_:_:)`` then reads. Reads 17 bytes at most.
  // NB: the loops have at most eight turns, so the compiler unrolls them:
  // no count and no bound to test per digit (and the digit is widened as it
  // is loaded, not after). At most 14 digits make an integer below 2^53.
  @inline(__always)
  static func shortDigits(_ base: UnsafePointer<UInt8>, _ start: Int) -> (UInt64, Int, Int)? {
    var cursor = start
    var significand: UInt64 = 0
    for _ in 0..<8 {
      let digit = UInt64(base[cursor]) &- 0x30
      guard digit < 10 else { break }
      significand = significand &* 10 &+ digit
      cursor &+= 1
    }
    let integers = cursor &- start
    guard integers > 0, integers < 8 else { return nil }
    guard base[cursor] == UInt8(ascii: ".") else { return (significand, 0, cursor) }
    cursor &+= 1
    let fractionStart = cursor
    for _ in 0..<8 {
      let digit = UInt64(base[cursor]) &- 0x30
      guard digit < 10 else { break }
      significand = significand &* 10 &+ digit
      cursor &+= 1
    }
    let decimals = cursor &- fractionStart
    guard decimals > 0, decimals < 8 else { return nil }
    return (significand, decimals, cursor)
  }

  /// ``scanDigits(_:_:_:)`` without bounds checks: it reads at most 41
  /// bytes, stopping after 19 digits (and then failing).
  @inline(__always)
  private static func cappedDigits(
    _ base: UnsafePointer<UInt8>, _ index: inout Int
  ) -> (UInt64, Int, Bool)? {
    var cursor = index
    let negative = base[cursor] == UInt8(ascii: "-")
    if negative { cursor += 1 }
    var significand: UInt64 = 0
    // NB: the digits are counted from where the loops stop, which is at
    // most 19 digits in all.
    let integerStart = cursor
    let integerLimit = cursor + 19
    while cursor < integerLimit {
      let digit = base[cursor] &- 0x30
      guard digit < 10 else { break }
      significand = significand &* 10 &+ UInt64(digit)
      cursor += 1
    }
    var digits = cursor - integerStart
    var decimals = 0
    if base[cursor] == UInt8(ascii: ".") {
      cursor += 1
      let fractionStart = cursor
      let fractionLimit = cursor + (19 - digits)
      while cursor < fractionLimit {
        let digit = base[cursor] &- 0x30
        guard digit < 10 else { break }
        significand = significand &* 10 &+ UInt64(digit)
        cursor += 1
      }
      decimals = cursor - fractionStart
      digits += decimals
    }
    guard digits > 0, digits <= 18 else { return nil }
    let next = base[cursor]
    guard next != UInt8(ascii: "e"), next != UInt8(ascii: "E"), next != UInt8(ascii: ".")
    else { return nil }
    index = cursor
    return (significand, decimals, negative)
  }
}

/// The column orders the encoder writes: `trace,t,phase,tx,ty`, then
/// `vx,vy` and/or `x,y`.
enum CanonicalRow {
  case plain, velocity, location, both

  init?(_ roles: [UInt8]) {
    let base: [UInt8] = [1, 2, 3, 4, 5]
    guard roles.count >= 5, Array(roles.prefix(5)) == base else { return nil }
    switch Array(roles.dropFirst(5)) {
    case []: self = .plain
    case [6, 7]: self = .velocity
    case [8, 9]: self = .location
    case [6, 7, 8, 9]: self = .both
    default: return nil
    }
  }
}

/// A ``CanonicalRow`` as a type: which optional pairs follow `tx,ty`.
protocol CanonicalColumns {
  /// Whether `vx,vy` follow.
  static var hasVelocity: Bool { get }
  /// Whether `x,y` follow (after `vx,vy` when both do).
  static var hasLocation: Bool { get }
}

/// ``CanonicalRow/plain``.
enum PlainColumns: CanonicalColumns {
  static var hasVelocity: Bool { false }
  static var hasLocation: Bool { false }
}

/// ``CanonicalRow/velocity``.
enum VelocityColumns: CanonicalColumns {
  static var hasVelocity: Bool { true }
  static var hasLocation: Bool { false }
}

/// ``CanonicalRow/location``.
enum LocationColumns: CanonicalColumns {
  static var hasVelocity: Bool { false }
  static var hasLocation: Bool { true }
}

/// ``CanonicalRow/both``.
enum AllColumns: CanonicalColumns {
  static var hasVelocity: Bool { true }
  static var hasLocation: Bool { true }
}

/// A trace id of at most 16 bytes packed into two little-endian words, to
/// compare rows' ids with it in two loads.
struct IDWords {
  let low: UInt64
  let high: UInt64
  /// The bits of `low` and `high` the id fills.
  let lowMask: UInt64
  let highMask: UInt64
  let count: Int

  /// Packs an id of at most 16 bytes that does not start with `#` (a line
  /// that starts with `#` is a comment, not a row).
  init?(_ bytes: [UInt8]) {
    guard bytes.count <= 16, bytes.first != UInt8(ascii: "#") else { return nil }
    var low: UInt64 = 0
    var high: UInt64 = 0
    for (index, byte) in bytes.enumerated() {
      if index < 8 {
        low |= UInt64(byte) << (8 * index)
      } else {
        high |= UInt64(byte) << (8 * (index - 8))
      }
    }
    self.low = low
    self.high = high
    count = bytes.count
    lowMask = count >= 8 ? ~0 : (1 << (8 * UInt64(count))) &- 1
    highMask = count >= 16 ? ~0 : count <= 8 ? 0 : (1 << (8 * UInt64(count - 8))) &- 1
  }

  /// Whether the bytes at `start` begin with the id; reads 16 bytes.
  @inline(__always)
  func isPrefix(of start: UnsafePointer<UInt8>) -> Bool {
    let raw = UnsafeRawPointer(start)
    let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
    let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    // NB: the masks are made once per trace, not per row.
    return first & lowMask == low && second & highMask == high
  }
}
