extension TraceSynthesizer {
  /// Appends the trace at `index` as UTF-8 in a format: the bytes of
  /// ``trace(at:)`` encoded by the format's encoder (CSV with velocity and
  /// location columns).
  ///
  /// ```swift
  /// var bytes: [UInt8] = []
  /// synthesizer.encodeTrace(at: 7, as: .csv, into: &bytes)
  /// // bytes == Array(text.utf8), where
  /// // CSVTraceEncoder(columns: CSVColumns(velocity: true, location: true))
  /// //   .encode(synthesizer.trace(at: 7), into: &text)
  /// ```
  // NB: the events go straight from the sampler to the bytes, without a
  // `PanEvent` or a `Trace`; positions and translations are whole pixels,
  // whose text in points is looked up (`pointTexts`).
  package func encodeTrace(at index: Int, as format: TraceFileFormat, into output: inout [UInt8]) {
    var rng = generator(at: index)
    let (id, metadata, plan) = drawn(at: index, using: &rng)
    switch format {
    case .csv:
      let encoder = CSVTraceEncoder(columns: CSVColumns(velocity: true, location: true))
      var prefix = encoder.rowPrefix(id: id)
      guard prefix.utf8.count <= 512 else {
        // NB: ids are short; a long one would not fit a row.
        encoder.encode(trace(at: index), into: &output)
        return
      }
      encoder.encodeStart(id: id, metadata: metadata, into: &output)
      prefix.withUTF8 { prefix in
        var sink = CSVRowSink(prefix: prefix)
        swap(&sink.bytes, &output)
        sample(plan, using: &rng, into: &sink)
        swap(&sink.bytes, &output)
      }
    case .jsonl:
      JSONLinesEncoder().encodeStart(id: id, metadata: metadata, into: &output)
      var sink = JSONLinesEventSink()
      swap(&sink.bytes, &output)
      sample(plan, using: &rng, into: &sink)
      swap(&sink.bytes, &output)
      output.append(contentsOf: "]}\n".utf8)
    }
  }
}

extension TraceSynthesizer.Pixel {
  /// The text in points (``points(_:)``'s `shortestDescription`) of every
  /// offset from `-limit` to `limit` pixels, packed for
  /// `ByteRow.append(packed:)`.
  static let pointTexts = (-limit...limit).map { ByteRow.packed(points($0).shortestDescription) }

  /// Appends the text of a number of pixels in points.
  static func append(_ pixels: Int, to row: inout ByteRow) {
    let index = pixels &+ limit
    guard index >= 0, index < pointTexts.count else {
      row.append(shortest: points(pixels))
      return
    }
    row.append(packed: pointTexts[index])
  }
}

/// Writes a synthetic trace's events as CSV rows.
private struct CSVRowSink: SynthEventSink {
  /// The id field and its comma.
  let prefix: UnsafeBufferPointer<UInt8>
  var bytes: [UInt8] = []

  func reserve(_ count: Int) {}

  mutating func add(
    _ phase: TouchPhase, time: Int64, translation: TraceSynthesizer.Pixel, velocity: Vector2D,
    location: TraceSynthesizer.Pixel
  ) {
    ByteRow.write(into: &bytes) { row in
      row.append(prefix)
      row.append(time: TraceTime(nanoseconds: time))
      row.append(ascii: ",")
      row.append(phase.csvBytes)
      row.append(ascii: ",")
      TraceSynthesizer.Pixel.append(translation.x, to: &row)
      row.append(ascii: ",")
      TraceSynthesizer.Pixel.append(translation.y, to: &row)
      row.append(ascii: ",")
      row.append(shortest: velocity.x)
      row.append(ascii: ",")
      row.append(shortest: velocity.y)
      row.append(ascii: ",")
      TraceSynthesizer.Pixel.append(location.x, to: &row)
      row.append(ascii: ",")
      TraceSynthesizer.Pixel.append(location.y, to: &row)
      row.append(ascii: "\n")
    }
  }
}

/// Writes a synthetic trace's events as the objects of a JSON Lines
/// events array.
private struct JSONLinesEventSink: SynthEventSink {
  var bytes: [UInt8] = []
  private var isFirst = true

  func reserve(_ count: Int) {}

  mutating func add(
    _ phase: TouchPhase, time: Int64, translation: TraceSynthesizer.Pixel, velocity: Vector2D,
    location: TraceSynthesizer.Pixel
  ) {
    let first = isFirst
    isFirst = false
    ByteRow.write(into: &bytes) { row in
      row.append(first ? "{\"t\":" : ",{\"t\":")
      row.append(time: TraceTime(nanoseconds: time))
      row.append(",\"phase\":\"")
      row.append(phase.csvBytes)
      row.append("\",\"tx\":")
      TraceSynthesizer.Pixel.append(translation.x, to: &row)
      row.append(",\"ty\":")
      TraceSynthesizer.Pixel.append(translation.y, to: &row)
      row.append(",\"vx\":")
      JSONLinesEncoder.appendNumber(velocity.x, to: &row)
      row.append(",\"vy\":")
      JSONLinesEncoder.appendNumber(velocity.y, to: &row)
      row.append(",\"x\":")
      TraceSynthesizer.Pixel.append(location.x, to: &row)
      row.append(",\"y\":")
      TraceSynthesizer.Pixel.append(location.y, to: &row)
      row.append(ascii: "}")
    }
  }
}
