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
    guard current?.isBad == false, !rowScanner.roles.isEmpty else { return nil }
    // NB: far from the end of the bytes, a row in the order the encoder
    // writes is read without a bounds check per byte: each field's scan
    // stops within 40 bytes. An id of up to 16 bytes is compared as two
    // words, without touching (and retaining) the id's array.
    if count - start >= 512, let shape = rowScanner.canonicalRow {
      if ids.currentWords != nil {
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
    let scanned = rowScanner.roles.withUnsafeBufferPointer { roles -> Bool in
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
          guard let (digits, decimals, negative) = CSVRowScanner.scanDigits(base, &index, count),
            let value = TraceTime.decimalSeconds(digits, decimals: decimals, negative: negative)
          else { return false }
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
            guard
              let (digits, decimals, negative) = CSVRowScanner.scanDigits(base, &index, count),
              let value = CSVRowScanner.decimalValue(digits, decimals: decimals, negative: negative)
            else { return false }
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
    lines.line += 1
    append(
      PanEvent(
        time: time, phase: phase, translation: Vector2D(x: numbers.0, y: numbers.1),
        velocity: velocity, location: location),
      timeColumn: timeColumn, phaseColumn: phaseColumn, isFinite: true, emit)
    return index
  }

  /// ``scanRow(_:from:count:_:)`` for rows in the encoder's column order
  /// with at least 512 bytes after them: the current trace's while its id
  /// has at most 16 bytes (``CSVTraceIDs/currentWords``), or the first row of the
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
    case .plain: return scanCanonicalRows(base, start, count, firstIDCount, PlainColumns.self, emit)
    case .velocity:
      return scanCanonicalRows(base, start, count, firstIDCount, VelocityColumns.self, emit)
    case .location:
      return scanCanonicalRows(base, start, count, firstIDCount, LocationColumns.self, emit)
    case .both: return scanCanonicalRows(base, start, count, firstIDCount, AllColumns.self, emit)
    }
  }

  /// ``scanCanonicalRows(_:from:count:firstIDCount:shape:_:)`` for the
  /// column order `Columns`.
  private mutating func scanCanonicalRows<Columns: CanonicalColumns>(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int, _ firstIDCount: Int?,
    _ columns: Columns.Type, _ emit: (TraceFileItem) -> Void
  ) -> Int {
    let comma = UInt8(ascii: ",")
    var rowStart = start
    rows: while count &- rowStart >= 512 {
      let idCount: Int
      var startsTrace = false
      if let firstIDCount, rowStart == start {
        idCount = firstIDCount
      } else if let id = ids.currentWords {
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
      // Decimal seconds as `TraceTime.decimalSeconds` makes them.
      // NB: written out here: as a function, the compiler would not inline it.
      let time: TraceTime
      let negativeTime = base[index] == UInt8(ascii: "-")
      if let (ticks, decimals, end) = CSVRowScanner.shortDigits(
        base, negativeTime ? index &+ 1 : index)
      {
        // At most 7 digits before the point: the product stays below 10^16.
        let nanoseconds = Int64(ticks &* TraceTime.nanosecondsPerDecimalUnit[decimals])
        time = TraceTime(nanoseconds: negativeTime ? 0 &- nanoseconds : nanoseconds)
        index = end
      } else {
        guard let (long, end) = CSVRowScanner.longTime(base, index) else { break rows }
        time = long
        index = end
      }
      guard base[index] == comma else { break rows }
      index &+= 1
      let phaseColumn = index &- rowStart &+ 1
      guard let phase = CSVRowScanner.canonicalPhase(base, &index) else { break rows }
      index &+= 1
      // tx and ty, then the optional pairs; the last number ends the line.
      // NB: each number goes to its own variable, not into a tuple at a
      // computed offset read back two at a time (a load spanning two stores
      // waits for them), and each field has its own digit loops, whose exits
      // are predicted apart
      // (docs/performance.md, "Notes moved from the code").
      guard let (tx, txEnd) = CSVRowScanner.canonicalNumber(base, index), base[txEnd] == comma,
        let (ty, tyEnd) = CSVRowScanner.canonicalNumber(base, txEnd &+ 1)
      else { break rows }
      index = tyEnd
      var velocity: Vector2D?
      var location: Vector2D?
      if Columns.hasVelocity {
        guard let (pair, end) = CSVRowScanner.canonicalPair(base, index) else { break rows }
        velocity = pair
        index = end
      }
      if Columns.hasLocation {
        guard let (pair, end) = CSVRowScanner.canonicalPair(base, index) else { break rows }
        location = pair
        index = end
      }
      if base[index] == 0x0D { index &+= 1 }
      guard base[index] == 0x0A else { break rows }
      index &+= 1
      lines.line &+= 1
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
}
