extension CSVRowScanner {
  /// The number whose digits make `significand`, `decimals` of them after
  /// the point: `nil` unless the integer is below 2^53 and there are at
  /// most 22 decimals.
  // NB: then the literal keeps every digit and takes Clinger's fast path, so
  // the value is `DecimalLiteral.double(_:)`'s.
  @inline(__always)
  static func decimalValue(_ significand: UInt64, decimals: Int, negative: Bool) -> Double? {
    guard significand < 1 << 53, decimals <= 22 else { return nil }
    var value = Double(significand)
    if decimals > 0 { value /= DecimalLiteral.powerOfTen(decimals) }
    return negative ? -value : value
  }

  /// Reads `-?digits[.digits]` with at most 18 digits as an integer, its
  /// number of decimals and its sign, moving `index` after it; `nil`,
  /// leaving `index`, without a digit or when an exponent or a second point
  /// follows. ``decimalValue(_:decimals:negative:)`` and
  /// ``TraceTime/decimalSeconds(_:decimals:negative:)`` make the number.
  @inline(__always)
  static func scanDigits(
    _ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int
  ) -> (UInt64, Int, Bool)? {
    var cursor = index
    let negative = cursor < count && base[cursor] == UInt8(ascii: "-")
    if negative { cursor += 1 }
    var significand: UInt64 = 0
    let integerStart = cursor
    appendDigits(base, &cursor, upTo: count, to: &significand)
    var digits = cursor - integerStart
    var decimals = 0
    if cursor < count && base[cursor] == UInt8(ascii: ".") {
      cursor += 1
      let fractionStart = cursor
      appendDigits(base, &cursor, upTo: count, to: &significand)
      decimals = cursor - fractionStart
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

  /// Reads a number field of a canonical row at `index`, as
  /// ``decimalValue(_:decimals:negative:)`` makes it; returns it and the
  /// offset after it.
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

  /// Reads the comma at `index` and an optional pair of number fields
  /// after it: two numbers, or two empty fields (`nil`); returns it and the
  /// offset after it. Half a pair is left to the general path, which
  /// reports it.
  @_transparent
  static func canonicalPair(
    _ base: UnsafePointer<UInt8>, _ index: Int
  ) -> (Vector2D?, end: Int)? {
    let comma = UInt8(ascii: ",")
    guard base[index] == comma else { return nil }
    let start = index &+ 1
    if base[start] == comma {
      let next = base[start &+ 1]
      guard next == comma || next == 0x0A || next == 0x0D else { return nil }
      return (nil, start &+ 1)
    }
    guard let (x, xEnd) = canonicalNumber(base, start), base[xEnd] == comma,
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

  /// Reads decimal seconds as ``TraceTime/decimalSeconds(_:decimals:negative:)`` makes them, with
  /// ``cappedDigits(_:_:)``, for the times ``shortDigits(_:_:)`` leaves;
  /// the caller checks the byte after them.
  // NB: kept out of line so that the short path inlines small.
  @inline(never)
  static func longTime(
    _ base: UnsafePointer<UInt8>, _ start: Int
  ) -> (TraceTime, end: Int)? {
    var index = start
    guard let (ticks, decimals, negative) = cappedDigits(base, &index),
      let time = TraceTime.decimalSeconds(ticks, decimals: decimals, negative: negative)
    else { return nil }
    return (time, index)
  }

  /// Reads a number as ``decimalValue(_:decimals:negative:)`` makes it, with
  /// ``cappedDigits(_:_:)``, for the numbers ``shortDigits(_:_:)`` leaves.
  // NB: kept out of line so that the short path inlines small.
  @inline(never)
  static func longNumber(
    _ base: UnsafePointer<UInt8>, _ start: Int
  ) -> (Double, end: Int)? {
    var index = start
    guard let (significand, decimals, negative) = cappedDigits(base, &index),
      let value = decimalValue(significand, decimals: decimals, negative: negative)
    else { return nil }
    return (value, index)
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
    appendShortDigits(base, &cursor, to: &significand)
    let integers = cursor &- start
    guard integers > 0, integers < 8 else { return nil }
    guard base[cursor] == UInt8(ascii: ".") else { return (significand, 0, cursor) }
    cursor &+= 1
    let fractionStart = cursor
    appendShortDigits(base, &cursor, to: &significand)
    let decimals = cursor &- fractionStart
    guard decimals > 0, decimals < 8 else { return nil }
    return (significand, decimals, cursor)
  }

  /// Adds up to 8 decimal digits from `cursor` to `significand`, leaving
  /// `cursor` after them.
  @inline(__always)
  private static func appendShortDigits(
    _ base: UnsafePointer<UInt8>, _ cursor: inout Int, to significand: inout UInt64
  ) {
    for _ in 0..<8 {
      let digit = UInt64(base[cursor]) &- 0x30
      guard digit < 10 else { break }
      significand = significand &* 10 &+ digit
      cursor &+= 1
    }
  }

  /// ``scanDigits(_:_:_:)`` without bounds checks: it reads at most 41
  /// bytes, stopping after 19 digits (and then failing).
  @inline(__always)
  static func cappedDigits(
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
    appendDigits(base, &cursor, upTo: integerLimit, to: &significand)
    var digits = cursor - integerStart
    var decimals = 0
    if base[cursor] == UInt8(ascii: ".") {
      cursor += 1
      let fractionStart = cursor
      let fractionLimit = cursor + (19 - digits)
      appendDigits(base, &cursor, upTo: fractionLimit, to: &significand)
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

  /// Adds the decimal digits from `cursor`, up to `limit` at most, to
  /// `significand`, leaving `cursor` after them.
  @inline(__always)
  private static func appendDigits(
    _ base: UnsafePointer<UInt8>, _ cursor: inout Int, upTo limit: Int,
    to significand: inout UInt64
  ) {
    while cursor < limit {
      let digit = base[cursor] &- 0x30
      guard digit < 10 else { break }
      significand = significand &* 10 &+ UInt64(digit)
      cursor += 1
    }
  }
}
