/// The syntax of a CSV trace file's row, written once for every writer
/// (``CSVTraceEncoder``, the synthesizer): after the id field and its
/// comma (``CSVTraceEncoder/rowPrefix(id:)``), the time, the phase, `tx`,
/// `ty`, then `vx`,`vy` and `x`,`y` when the file has those columns (empty
/// cells for a pair the event lacks), and a line feed.
///
/// ```swift
/// var bytes: [UInt8] = []
/// ByteRow.write(into: &bytes) { row in
///   CSVTraceRow.write(
///     time: TraceTime(nanoseconds: 8_300_000), phase: .changed, translation: (0.5, -2.0),
///     velocity: nil as (Double, Double)?, location: nil as (Double, Double)?,
///     columns: CSVColumns(velocity: true, location: false), to: &row)
/// }
/// // bytes == Array("0.0083,changed,0.5,-2,,\n".utf8)
/// ```
enum CSVTraceRow {
  /// Writes the row after its id field: at most
  /// 2 × ``ByteText/numberCapacity`` + 6 × ``ByteRow/longestNumber`` + 18
  /// bytes.
  @inline(__always)
  static func write<
    Translation: TraceNumberText, Velocity: TraceNumberText,
    Location: TraceNumberText
  >(
    time: TraceTime, phase: TouchPhase, translation: (Translation, Translation),
    velocity: (Velocity, Velocity)?, location: (Location, Location)?, columns: CSVColumns,
    to row: inout ByteRow
  ) {
    row.append(time: time)
    row.append(ascii: ",")
    row.append(phase: phase)
    row.append(ascii: ",")
    translation.0.write(to: &row)
    row.append(ascii: ",")
    translation.1.write(to: &row)
    if columns.velocity { writePair(velocity, to: &row) }
    if columns.location { writePair(location, to: &row) }
    row.append(ascii: "\n")
  }

  /// Writes `,x,y`, or `,,` for a missing pair.
  @inline(__always)
  private static func writePair<Number: TraceNumberText>(
    _ pair: (Number, Number)?, to row: inout ByteRow
  ) {
    row.append(ascii: ",")
    if let pair { pair.0.write(to: &row) }
    row.append(ascii: ",")
    if let pair { pair.1.write(to: &row) }
  }
}
