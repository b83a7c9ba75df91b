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
    encodeByRows(trace, into: &output)
  }

  /// Appends the trace's metadata lines.
  package func encodeStart(id: String, metadata: TraceMetadata, into output: inout String) {
    for (key, value) in metadata.orderedEntries {
      output += "# trace \(id) \(key): \(value)\n"
    }
  }

  /// The id field and its comma.
  package func rowPrefix(id: String) -> String {
    CSVTraceEncoder.field(id) + ","
  }

  /// Appends the event's row.
  package func encodeEvent(
    _ event: PanEvent, at index: Int, prefix: String, into output: inout String
  ) {
    output += prefix
    output += event.time.description
    output += ","
    output += event.phase.rawValue
    output += ","
    output += event.translation.x.shortestDescription
    output += ","
    output += event.translation.y.shortestDescription
    if columns.velocity { CSVTraceEncoder.appendPair(event.velocity, to: &output) }
    if columns.location { CSVTraceEncoder.appendPair(event.location, to: &output) }
    output += "\n"
  }

  /// Appends the event's row as UTF-8 bytes: the bytes of the text
  /// ``encodeEvent(_:at:prefix:into:)`` appends, `prefix` in bytes.
  package func encodeEvent(
    _ event: PanEvent, at index: Int, prefix: [UInt8], into output: inout [UInt8]
  ) {
    output.append(contentsOf: prefix)
    let columns = columns
    ByteText.append(to: &output, capacity: 256) { target in
      var count = ByteText.writeTime(event.time, to: target)
      count += ByteText.write(UInt8(ascii: ","), to: target + count)
      count += ByteText.writePhase(event.phase, to: target + count)
      count += ByteText.write(UInt8(ascii: ","), to: target + count)
      count += ByteText.writeShortest(event.translation.x, to: target + count)
      count += ByteText.write(UInt8(ascii: ","), to: target + count)
      count += ByteText.writeShortest(event.translation.y, to: target + count)
      if columns.velocity { count += Self.writePair(event.velocity, to: target + count) }
      if columns.location { count += Self.writePair(event.location, to: target + count) }
      return count + ByteText.write(0x0A, to: target + count)
    }
  }

  /// Writes `,x,y`, or `,,` for a missing pair; returns the length.
  private static func writePair(_ pair: Vector2D?, to target: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    guard let pair else { return ByteText.write(",,", to: target) }
    var count = ByteText.write(UInt8(ascii: ","), to: target)
    count += ByteText.writeShortest(pair.x, to: target + count)
    count += ByteText.write(UInt8(ascii: ","), to: target + count)
    return count + ByteText.writeShortest(pair.y, to: target + count)
  }

  /// Appends nothing: a trace's rows end it.
  package func encodeEnd(into output: inout String) {}

  /// Whether the columns hold everything in the event.
  package func canEncodeLosslessly(_ event: PanEvent) -> Bool {
    (columns.velocity || event.velocity == nil) && (columns.location || event.location == nil)
  }

  /// Appends `,x,y`, or `,,` for a missing pair.
  private static func appendPair(_ pair: Vector2D?, to output: inout String) {
    guard let pair else {
      output += ",,"
      return
    }
    output += ","
    output += pair.x.shortestDescription
    output += ","
    output += pair.y.shortestDescription
  }

  /// A field quoted when a reader would misread it bare: when it holds a
  /// comma or a quote, or starts with `#` (a line that starts with `#` is
  /// a comment, so a bare id `#a` first in its row would lose the row).
  /// Valid ids hold no white space or control characters
  /// (``Trace/isValidID(_:)``), so nothing else needs quoting.
  // NB: the `#` is one byte check per id, made once per trace (the row
  // prefix is reused for every row).
  static func field(_ text: String) -> String {
    guard
      text.utf8.first == UInt8(ascii: "#")
        || text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") })
    else { return text }
    return csvQuoted(text)
  }
}
