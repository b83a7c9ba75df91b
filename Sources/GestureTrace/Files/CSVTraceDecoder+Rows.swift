extension CSVTraceDecoder {
  /// Reads the common row in one pass over its bytes: a row of the trace
  /// being read, unquoted, with plain decimal numbers and nothing to
  /// report but a broken trace rule.
  ///
  /// Returns the offset after the row's line break, or `nil`, having
  /// changed nothing, when the row is anything else; the general path
  /// (split, then parse each field) then reads it. Both paths give the
  /// same events and the same problems.
  // NB: the general path costs a field table, closures and range checks per
  // field; most rows of a large file are this simple.
  mutating func scanRow(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int, _ emit: (TraceFileItem) -> Void
  ) -> Int? {
    guard current != nil, !current!.isBad, !roles.isEmpty else { return nil }
    guard start < count, base[start] != UInt8(ascii: "#") else { return nil }
    let comma = UInt8(ascii: ",")
    var index = start
    var time: TraceTime?
    var phase: TouchPhase?
    var timeColumn = 0
    var phaseColumn = 0
    var numbers: (Double?, Double?, Double?, Double?, Double?, Double?) = (
      nil, nil, nil, nil, nil, nil
    )
    let last = roles.count - 1
    for (field, role) in roles.enumerated() {
      let fieldStart = index
      if index < count && base[index] == UInt8(ascii: "\"") { return nil }
      switch role {
      case .id:
        let matches = current!.idBytes.withUnsafeBufferPointer { id -> Bool in
          guard index + id.count <= count else { return false }
          for offset in 0..<id.count where base[index + offset] != id[offset] { return false }
          return true
        }
        guard matches else { return nil }
        index += current!.idBytes.count
      case .time:
        guard let (literal, end) = DecimalLiteral.scan(base, from: index, limit: count),
          let value = literal.nanoseconds()
        else { return nil }
        time = value
        timeColumn = fieldStart - start + 1
        index = end
      case .phase:
        while index < count, base[index] >= UInt8(ascii: "a"), base[index] <= UInt8(ascii: "z") {
          index += 1
        }
        let name = UnsafeBufferPointer(start: base + fieldStart, count: index - fieldStart)
        guard let value = TouchPhase(utf8: name) else { return nil }
        phase = value
        phaseColumn = fieldStart - start + 1
      case .number(let slot):
        var value: Double?
        if index < count, base[index] != comma, base[index] != 0x0A, base[index] != 0x0D {
          guard let (literal, end) = DecimalLiteral.scan(base, from: index, limit: count)
          else { return nil }
          let number = literal.double(
            UnsafeBufferPointer(start: base + fieldStart, count: end - fieldStart))
          guard number.isFinite else { return nil }
          value = number
          index = end
        } else if slot < 2 {
          return nil
        }
        switch slot {
        case 0: numbers.0 = value
        case 1: numbers.1 = value
        case 2: numbers.2 = value
        case 3: numbers.3 = value
        case 4: numbers.4 = value
        default: numbers.5 = value
        }
      case .ignored:
        while index < count, base[index] != comma, base[index] != 0x0A { index += 1 }
        if field == last, index > fieldStart, base[index - 1] == 0x0D { index -= 1 }
      }
      if field < last {
        guard index < count, base[index] == comma else { return nil }
      } else {
        if index < count, base[index] == 0x0D { index += 1 }
        guard index < count, base[index] == 0x0A else { return nil }
      }
      index += 1
    }
    guard let time, let phase, let tx = numbers.0, let ty = numbers.1,
      (numbers.2 == nil) == (numbers.3 == nil), (numbers.4 == nil) == (numbers.5 == nil)
    else { return nil }
    let velocity = numbers.2.map { Vector2D(x: $0, y: numbers.3!) }
    let location = numbers.4.map { Vector2D(x: $0, y: numbers.5!) }
    line += 1
    append(
      PanEvent(
        time: time, phase: phase, translation: Vector2D(x: tx, y: ty), velocity: velocity,
        location: location),
      timeColumn: timeColumn, phaseColumn: phaseColumn, emit)
    return index
  }
}
