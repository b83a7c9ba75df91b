/// The syntax of one event's object in a JSON Lines trace, written once
/// for every writer (``JSONLinesEncoder``, the synthesizer): `{"t":…,
/// "phase":"…","tx":…,"ty":…}` with `"vx"`,`"vy"` and `"x"`,`"y"` when the
/// event has them, after a comma unless it is the first; a number that is
/// not finite is `null`.
///
/// ```swift
/// var bytes: [UInt8] = []
/// ByteRow.write(into: &bytes) { row in
///   JSONLinesTraceEvent.write(
///     isFirst: false, time: TraceTime(nanoseconds: 8_300_000), phase: .changed,
///     translation: (0.5, -2.0), velocity: nil as (Double, Double)?,
///     location: nil as (Double, Double)?, to: &row)
/// }
/// // bytes == Array(#",{"t":0.0083,"phase":"changed","tx":0.5,"ty":-2}"#.utf8)
/// ```
enum JSONLinesTraceEvent {
  /// Writes the event's object: at most 2 × ``ByteText/numberCapacity`` +
  /// 6 × ``ByteRow/longestNumber`` + 64 bytes.
  @inline(__always)
  static func write<
    Translation: TraceNumberText, Velocity: TraceNumberText,
    Location: TraceNumberText
  >(
    isFirst: Bool, time: TraceTime, phase: TouchPhase, translation: (Translation, Translation),
    velocity: (Velocity, Velocity)?, location: (Location, Location)?, to row: inout ByteRow
  ) {
    row.append(isFirst ? "{\"t\":" : ",{\"t\":")
    row.append(time: time)
    row.append(",\"phase\":\"")
    row.append(phase: phase)
    row.append("\",\"tx\":")
    writeNumber(translation.0, to: &row)
    row.append(",\"ty\":")
    writeNumber(translation.1, to: &row)
    if let velocity {
      row.append(",\"vx\":")
      writeNumber(velocity.0, to: &row)
      row.append(",\"vy\":")
      writeNumber(velocity.1, to: &row)
    }
    if let location {
      row.append(",\"x\":")
      writeNumber(location.0, to: &row)
      row.append(",\"y\":")
      writeNumber(location.1, to: &row)
    }
    row.append(ascii: "}")
  }

  /// Writes a number, or `null` when it is not finite.
  @inline(__always)
  static func writeNumber<Number: TraceNumberText>(_ number: Number, to row: inout ByteRow) {
    if number.isFinite { number.write(to: &row) } else { row.append("null") }
  }
}
