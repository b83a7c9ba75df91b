/// A writer of CSV trace files.
///
/// The output starts with `# gesturetrace: 1` and a header; each trace's
/// metadata is written as `# trace <id> <key>: <value>` lines right before
/// its first row. Times print as exact decimal seconds and other numbers in
/// the shortest form that reads back to the same value, so reading the
/// output gives back the same traces.
///
/// ```swift
/// let encoder = CSVTraceEncoder(columns: CSVColumns(velocity: true, location: false))
/// var text = encoder.fileHeader()
/// encoder.encode(trace, into: &text)
/// ```
public struct CSVTraceEncoder: TraceRowEncoder {
  /// The optional columns written.
  public var columns: CSVColumns

  /// Creates an encoder that writes the given optional columns.
  ///
  /// An event without a velocity (or location) leaves those cells empty; a
  /// velocity or location without a column is not written: check
  /// ``canEncodeLosslessly(_:)`` first.
  public init(columns: CSVColumns) {
    self.columns = columns
  }

  /// The version line and the header.
  public func fileHeader() -> String {
    var header = "# gesturetrace: 1\ntrace,t,phase,tx,ty"
    if columns.velocity { header += ",vx,vy" }
    if columns.location { header += ",x,y" }
    return header + "\n"
  }

  /// Whether the columns hold everything in the trace.
  public func canEncodeLosslessly(_ trace: Trace) -> Bool {
    trace.events.allSatisfy(canEncodeLosslessly)
  }

  /// Appends the trace's metadata lines and rows.
  public func encode(_ trace: Trace, into output: inout String) {
    encodeThroughBytes(trace, into: &output)
  }

  /// Appends the trace's metadata lines (``CSVMetadataLine``).
  package func encodeStart(id: String, metadata: TraceMetadata, into output: inout [UInt8]) {
    for (key, value) in metadata.orderedEntries {
      CSVMetadataLine.append(id: id, key: key, value: value, to: &output)
    }
  }

  /// The id field and its comma.
  package func rowPrefix(id: String) -> String {
    csvTraceField(id) + ","
  }

  /// Appends the event's row (``CSVTraceRow``) after `prefix`.
  package func encodeEvent(
    _ event: PanEvent, at index: Int, prefix: [UInt8], into output: inout [UInt8]
  ) {
    output.append(contentsOf: prefix)
    let columns = columns
    ByteRow.write(into: &output) { row in
      CSVTraceRow.write(
        time: event.time, phase: event.phase,
        translation: (event.translation.x, event.translation.y),
        velocity: event.velocity.map { ($0.x, $0.y) },
        location: event.location.map { ($0.x, $0.y) }, columns: columns, to: &row)
    }
  }

  /// Appends nothing: a trace's rows end it.
  package func encodeEnd(into output: inout [UInt8]) {}

  /// Whether the columns hold everything in the event.
  package func canEncodeLosslessly(_ event: PanEvent) -> Bool {
    (columns.velocity || event.velocity == nil) && (columns.location || event.location == nil)
  }
}
