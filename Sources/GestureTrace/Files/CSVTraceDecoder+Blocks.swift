extension CSVTraceDecoder {
  /// Reads lines from the separators a ``SeparatorIndex`` lists: comment
  /// lines, the current trace's rows and the first rows of next traces,
  /// in the encoder's column order, far from the end of the bytes.
  ///
  /// Returns the start of the first line it left (`start` if none); the
  /// row readers and the general path read that line as they read it
  /// when this reader is off. Both give the same events and problems.
  // NB: the separators of a window are found first, 64 bytes at a time;
  // each field's bounds are then known before its bytes are read, so its
  // digits are converted eight at a time without a branch per digit and
  // the next field does not wait for this one's end (the row scanner's
  // loops branch on every digit, and mispredict where a number ends).
  mutating func scanBlocks(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int, shape: CanonicalRow,
    _ emit: (TraceFileItem) -> Void
  ) -> Int {
    if separators == nil || !isKnownUniquelyReferenced(&separators!) {
      separators = SeparatorIndex()
    }
    let index = separators!
    switch shape {
    case .plain:
      return scanBlocks(base, from: start, count: count, index, PlainColumns.self, emit)
    case .velocity:
      return scanBlocks(base, from: start, count: count, index, VelocityColumns.self, emit)
    case .location:
      return scanBlocks(base, from: start, count: count, index, LocationColumns.self, emit)
    case .both:
      return scanBlocks(base, from: start, count: count, index, AllColumns.self, emit)
    }
  }

  /// ``scanBlocks(_:from:count:shape:_:)`` for the column order `Columns`.
  private mutating func scanBlocks<Columns: CanonicalColumns>(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int, _ index: SeparatorIndex,
    _ columns: Columns.Type, _ emit: (TraceFileItem) -> Void
  ) -> Int {
    let fieldCount = 5 &+ (Columns.hasVelocity ? 2 : 0) &+ (Columns.hasLocation ? 2 : 0)
    // NB: a window ends 128 bytes before the end of the bytes, so that
    // every read of a line in it (at most 41 bytes from a field's start)
    // stays in them.
    let limit = count &- 128
    let comma = UInt8(ascii: ",")
    var lineStart = start
    windows: while true {
      // The window holding the line, with at least a row's separators
      // from it on.
      if !index.covers(base, lineStart) || index.cursor &+ fieldCount > index.count {
        guard limit &- lineStart >= 64, index.base != base || index.start != lineStart else {
          break
        }
        index.build(base, from: lineStart, limit: limit)
        continue
      }
      // NB: the window's fields are read into locals, which calls to the
      // decoder's methods cannot change; the cursor is written back on
      // every way out.
      let origin = index.start
      let available = index.count
      var cursor = index.cursor
      defer { index.cursor = cursor }
      while cursor &+ fieldCount <= available {
        let offsets = index.offsets + cursor
        if base[lineStart] == UInt8(ascii: "#") {
          // A comment line: up to the first line break among the separators.
          var used = 0
          while base[origin &+ Int(offsets[used])] != 0x0A {
            used &+= 1
            guard cursor &+ used < available else { continue windows }
          }
          let lineEnd = origin &+ Int(offsets[used])
          processLine(
            UnsafeBufferPointer(start: base + lineStart, count: lineEnd &- lineStart), emit)
          cursor &+= used &+ 1
          lineStart = lineEnd &+ 1
          // NB: a metadata line can spoil the current trace or stop reading.
          if stopped || current?.isBad != false { break windows }
          continue
        }
        guard let id = currentIDWords else { break windows }
        // A row: its separators are commas but the last, a line break.
        @inline(__always) func separator(_ field: Int) -> Int { origin &+ Int(offsets[field]) }
        let rowEnd = separator(fieldCount &- 1)
        var notCommas: UInt8 = base[rowEnd] ^ 0x0A
        for field in 0..<(fieldCount &- 1) { notCommas |= base[separator(field)] ^ comma }
        guard notCommas == 0, base[lineStart] != UInt8(ascii: "\"") else { break windows }
        let idCount = separator(0) &- lineStart
        var startsTrace = false
        if idCount != id.count || !id.isPrefix(of: base + lineStart) {
          // Another trace's id: printable ASCII but quotes, up to 64 bytes.
          guard idCount > 0, idCount <= 64 else { break windows }
          for offset in 0..<idCount {
            let byte = base[lineStart &+ offset]
            guard byte &- 0x21 < 0x5E, byte != UInt8(ascii: "\"") else { break windows }
          }
          startsTrace = true
        }
        let timeStart = separator(0) &+ 1
        let timeColumn = timeStart &- lineStart &+ 1
        let time: TraceTime
        if let (ticks, decimals, negative) = Self.packedDigits(base, timeStart, separator(1)) {
          // At most 8 digits and 7 decimals: the product stays below 10^17.
          let nanoseconds = Int64(ticks &* Self.nanosecondsPerTick[decimals])
          time = TraceTime(nanoseconds: negative ? 0 &- nanoseconds : nanoseconds)
        } else {
          guard let (long, end) = Self.canonicalTime(base, timeStart), end == separator(1) else {
            break windows
          }
          time = long
        }
        var phaseEnd = separator(1) &+ 1
        let phaseColumn = phaseEnd &- lineStart &+ 1
        guard let phase = Self.canonicalPhase(base, &phaseEnd), phaseEnd == separator(2) else {
          break windows
        }
        let lastEnd = base[rowEnd &- 1] == 0x0D ? rowEnd &- 1 : rowEnd
        @inline(__always) func end(_ field: Int) -> Int {
          field == fieldCount &- 1 ? lastEnd : separator(field)
        }
        guard let tx = Self.fieldNumber(base, separator(2) &+ 1, end(3)),
          let ty = Self.fieldNumber(base, separator(3) &+ 1, end(4))
        else { break windows }
        var velocity: Vector2D?
        var location: Vector2D?
        var field = 5
        if Columns.hasVelocity {
          guard let pair = Self.fieldPair(base, separator(4) &+ 1, end(5), end(6)) else {
            break windows
          }
          velocity = pair.value
          field = 7
        }
        if Columns.hasLocation {
          guard
            let pair = Self.fieldPair(
              base, separator(field &- 1) &+ 1, end(field), end(field &+ 1))
          else { break windows }
          location = pair.value
        }
        line &+= 1
        if startsTrace {
          finishCurrentTrace(emit)
          startTrace(
            Array(UnsafeBufferPointer(start: base + lineStart, count: idCount)), idColumn: 1, emit
          )
        }
        let added = append(
          PanEvent(
            time: time, phase: phase, translation: Vector2D(x: tx, y: ty),
            velocity: velocity, location: location),
          timeColumn: timeColumn, phaseColumn: phaseColumn, isFinite: true, emit)
        cursor &+= fieldCount
        lineStart = rowEnd &+ 1
        // A bad trace's rows go the general way, which reports their problems.
        guard added, !startsTrace || current?.isBad == false else { break windows }
      }
    }
    return lineStart
  }

  /// Reads decimal seconds at `index` as the row scanner does; returns
  /// the time and the offset after it.
  @inline(__always)
  private static func canonicalTime(
    _ base: UnsafePointer<UInt8>, _ index: Int
  ) -> (TraceTime, end: Int)? {
    let negative = base[index] == UInt8(ascii: "-")
    if let (ticks, decimals, end) = shortDigits(base, negative ? index &+ 1 : index) {
      let nanoseconds = Int64(ticks &* nanosecondsPerTick[decimals])
      return (TraceTime(nanoseconds: negative ? 0 &- nanoseconds : nanoseconds), end)
    }
    return longTime(base, index)
  }

  /// Reads the number field from `start` to `end` as the row scanner
  /// does; `nil` for anything it leaves.
  // NB: `@_transparent`, as the row scanner's: `@inline(__always)` left
  // this a call, with every register saved around it.
  @_transparent
  private static func fieldNumber(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int)
    -> Double?
  {
    if let (significand, decimals, negative) = packedDigits(base, start, end) {
      // NB: as in `canonicalNumber`: exact, and the sign set as a bit.
      let value = Double(significand) / shortPowersOfTen[decimals]
      let sign = UInt64(negative ? 1 : 0) &<< 63
      return Double(bitPattern: value.bitPattern | sign)
    }
    guard let (value, numberEnd) = canonicalNumber(base, start), numberEnd == end else {
      return nil
    }
    return value
  }

  /// Reads an optional pair of number fields: two numbers, or two empty
  /// fields (a `nil` value); `nil` for anything else, half a pair too.
  @_transparent
  private static func fieldPair(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ middle: Int, _ end: Int
  ) -> (value: Vector2D?, Void)? {
    if middle == start, end == middle &+ 1 { return (nil, ()) }
    guard let x = fieldNumber(base, start, middle), let y = fieldNumber(base, middle &+ 1, end)
    else { return nil }
    return (Vector2D(x: x, y: y), ())
  }

  /// Reads the field from `start` to `end` when it is `-?digits[.digits]`
  /// (digits on either side of the point may be missing, not both) with 1
  /// to 8 bytes after the sign: its digits as an integer, the number of
  /// decimals and the sign; `nil` for anything else.
  // NB: no branch per digit: the eight bytes are read as one word, the
  // point is found and squeezed out with masks, the digits are checked
  // together and converted with three multiplications (as simdjson's
  // `parse_eight_digits_unrolled`). The value is the one the digit loops
  // give (`cappedDigits` reads `.5` and `5.` too): fewer than 9 digits
  // make an integer below 2^53.
  @_transparent
  static func packedDigits(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int
  ) -> (UInt64, Int, Bool)? {
    let negative = base[start] == UInt8(ascii: "-")
    let first = start &+ (negative ? 1 : 0)
    let length = end &- first
    let ones: UInt64 = 0x0101_0101_0101_0101
    let word = UInt64(
      littleEndian: UnsafeRawPointer(base + first).loadUnaligned(as: UInt64.self))
    // The first '.': the lowest zero byte of word ^ "........" (a zero
    // byte's test can be wrong only above a true zero byte); 8 if none.
    let points = word ^ (0x2E &* ones)
    let zeros = (points &- ones) & ~points & (0x80 &* ones)
    let point = zeros.trailingZeroBitCount &>> 3
    let hasPoint = point < length ? 1 : 0
    let digitCount = length &- hasPoint
    // 1 to 8 bytes, a digit at least.
    guard UInt(bitPattern: length &- 1) < 8, digitCount > 0 else { return nil }
    let values = word ^ (0x30 &* ones)
    let below = lowBytes[point]
    let digits = ((values & below) | ((values &>> 8) & ~below)) & lowBytes[digitCount]
    // Each byte 0...9: adding 0x76 leaves its top bit clear.
    guard ((digits &+ 0x76 &* ones) | digits) & (0x80 &* ones) == 0 else { return nil }
    // The digits at the top of the word (leading zeros below), then
    // pairs, fours and eights of them combined.
    var value = digits &<< UInt64(truncatingIfNeeded: 64 &- 8 &* digitCount)
    value = (value &* 2561) &>> 8
    value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) &>> 16
    value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) &>> 32
    return (value, (length &- 1 &- point) &* hasPoint, negative)
  }

  /// The lowest `n` bytes of a word set, for `n` from 0 to 8.
  // NB: a literal, so that it is a constant: made by a closure, each read
  // checked that it was made (`swift_once`).
  static let lowBytes: [UInt64] = [
    0, 0xFF, 0xFFFF, 0xFF_FFFF, 0xFFFF_FFFF, 0xFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF,
    0xFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF,
  ]
}
