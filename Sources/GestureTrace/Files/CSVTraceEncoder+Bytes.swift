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
    let prefix = Array(rowPrefix(id: trace.id).utf8)
    for (index, event) in trace.events.enumerated() {
      encodeEvent(event, at: index, prefix: prefix, into: &output)
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
