extension CSVTraceEncoder {
  /// Appends the trace's metadata lines and rows as UTF-8: the bytes of
  /// the text ``encode(_:into:)`` appends to a string.
  ///
  /// ```swift
  /// var bytes: [UInt8] = []
  /// encoder.encode(trace, into: &bytes)
  /// // bytes == Array(text.utf8), where encoder.encode(trace, into: &text)
  /// ```
  package func encode(_ trace: Trace, into output: inout [UInt8]) {
    encodeStart(id: trace.id, metadata: trace.metadata, into: &output)
    var prefix = rowPrefix(id: trace.id)
    prefix.withUTF8 { prefix in
      // NB: a row's fields after the id are at most 22 bytes of time, 9 of
      // phase, 8 numbers and 9 separators: 240 bytes, so an id of up to
      // 512 bytes goes into the row, and a longer one is appended first.
      let inline = prefix.count <= 512
      for event in trace.events {
        if !inline { output.append(contentsOf: prefix) }
        ByteRow.write(into: &output) { row in
          if inline { row.append(prefix) }
          appendFields(of: event, to: &row)
        }
      }
    }
  }

  /// Appends the metadata lines of the trace with this id, as
  /// the string path's `encodeStart(id:metadata:into:)` does.
  func encodeStart(id: String, metadata: TraceMetadata, into output: inout [UInt8]) {
    for (key, value) in metadata.orderedEntries {
      output.append(contentsOf: "# trace ".utf8)
      output.append(contentsOf: id.utf8)
      output.append(UInt8(ascii: " "))
      output.append(contentsOf: key.utf8)
      output.append(contentsOf: ": ".utf8)
      output.append(contentsOf: value.utf8)
      output.append(UInt8(ascii: "\n"))
    }
  }

  /// Appends an event's fields after the id, and the line feed.
  private func appendFields(of event: PanEvent, to row: inout ByteRow) {
    row.append(time: event.time)
    row.append(ascii: ",")
    row.append(event.phase.csvBytes)
    row.append(ascii: ",")
    row.append(shortest: event.translation.x)
    row.append(ascii: ",")
    row.append(shortest: event.translation.y)
    if columns.velocity { Self.appendPair(event.velocity, to: &row) }
    if columns.location { Self.appendPair(event.location, to: &row) }
    row.append(ascii: "\n")
  }

  /// Appends `,x,y`, or `,,` for a missing pair.
  private static func appendPair(_ pair: Vector2D?, to row: inout ByteRow) {
    guard let pair else {
      row.append(",,")
      return
    }
    row.append(ascii: ",")
    row.append(shortest: pair.x)
    row.append(ascii: ",")
    row.append(shortest: pair.y)
  }
}

extension TouchPhase {
  /// The phase's name as a literal: its raw value.
  var csvBytes: StaticString {
    switch self {
    case .began: "began"
    case .changed: "changed"
    case .ended: "ended"
    case .cancelled: "cancelled"
    }
  }
}
