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
        var sink = CSVRowSink(prefix: prefix, bytes: SynthBytes(capacity: 1 << 14))
        sample(plan, using: &rng, into: &sink)
        output.append(contentsOf: sink.bytes.buffer)
        sink.bytes.free()
      }
    case .jsonl:
      JSONLinesEncoder().encodeStart(id: id, metadata: metadata, into: &output)
      var sink = JSONLinesEventSink()
      swap(&sink.bytes, &output)
      sample(plan, using: &rng, into: &sink)
      swap(&sink.bytes, &output)
      JSONLinesEncoder().encodeEnd(into: &output)
    }
  }
}

extension TraceSynthesizer {
  /// Appends the traces at `indices` in a format, each as
  /// ``encodeTrace(at:as:into:)`` appends it.
  // NB: in CSV, the metadata lines of a kind and direction are made once
  // per call (from the same `TraceMetadata` as a trace's) and the id is
  // written from its digits, not a metadata and its ordering per trace
  // (docs/performance.md, "Notes moved from the code").
  package func encodeTraces(
    _ indices: Range<Int>, as format: TraceFileFormat, into output: inout [UInt8]
  ) {
    guard format == .csv else {
      for index in indices { encodeTrace(at: index, as: format, into: &output) }
      return
    }
    var writer = CSVBatchWriter(synthesizer: self)
    var bytes = SynthBytes(capacity: indices.count * 4_096)
    for index in indices { writer.encodeTrace(at: index, into: &bytes) }
    output.append(contentsOf: bytes.buffer)
    bytes.free()
  }
}

/// Writes synthetic traces as CSV, keeping the metadata lines of each kind
/// and direction.
private struct CSVBatchWriter {
  /// The kind and direction a trace's metadata depends on.
  struct Key: Hashable {
    var kind: TraceSynthesizer.Kind
    var direction: GestureDirection
  }

  let synthesizer: TraceSynthesizer
  /// The bytes of an id before its digits: `s`, or the transition's name
  /// and a dash.
  let idStart: [UInt8]
  /// Whether ids are written from ``idStart`` and the digits: when the id
  /// needs no CSV quoting and is short.
  let writesIDs: Bool
  /// The metadata lines of each key after their start and id
  /// (``CSVMetadataLine/tail(key:value:)``).
  var lines: [Key: [[UInt8]]] = [:]

  init(synthesizer: TraceSynthesizer) {
    self.synthesizer = synthesizer
    let start = synthesizer.target.map { $0.transition + "-" } ?? "s"
    idStart = Array(start.utf8)
    writesIDs = csvTraceField(start) == start && idStart.count <= 256
  }

  /// Appends the trace at `index`.
  mutating func encodeTrace(at index: Int, into output: inout SynthBytes) {
    guard writesIDs, index >= 0 else {
      var bytes: [UInt8] = []
      synthesizer.encodeTrace(at: index, as: .csv, into: &bytes)
      bytes.withUnsafeBufferPointer { output.append($0) }
      return
    }
    var rng = synthesizer.generator(at: index)
    let (kind, plan) = synthesizer.drawnPlan(at: index, using: &rng)
    let key = Key(kind: kind, direction: plan.direction)
    let lines = self.lines[key] ?? makeLines(key)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: idStart.count + 32) { buffer in
      let start = buffer.baseAddress!
      var count = idStart.count
      idStart.withUnsafeBufferPointer { start.update(from: $0.baseAddress!, count: $0.count) }
      count += TraceSynthesizer.writeIDDigits(index, to: start + count)
      let id = UnsafeBufferPointer(start: start, count: count)
      for line in lines {
        output.append(CSVMetadataLine.start)
        output.append(id)
        line.withUnsafeBufferPointer { output.append($0) }
      }
      start[count] = UInt8(ascii: ",")
      var sink = CSVRowSink(
        prefix: UnsafeBufferPointer(start: start, count: count + 1), bytes: output)
      synthesizer.sample(plan, using: &rng, into: &sink)
      output = sink.bytes
    }
  }

  /// Makes and keeps the metadata lines of a key.
  private mutating func makeLines(_ key: Key) -> [[UInt8]] {
    let metadata = synthesizer.metadata(of: key.kind, direction: key.direction)
    let made = metadata.orderedEntries.map { CSVMetadataLine.tail(key: $0.key, value: $0.value) }
    lines[key] = made
    return made
  }
}

extension TraceSynthesizer {
  /// Writes the digits of a trace's id for a non-negative index, padded
  /// with zeros to six, as ``id(at:)`` does; returns their count.
  static func writeIDDigits(_ index: Int, to target: UnsafeMutablePointer<UInt8>) -> Int {
    var digits = 1
    var rest = index / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    let padding = max(0, 6 - digits)
    for offset in 0..<padding { target[offset] = UInt8(ascii: "0") }
    return padding + ByteText.writeDigits(UInt64(index), to: target + padding)
  }
}

extension TraceSynthesizer.Pixel {
  /// The text in points (``points(_:)``'s `shortestDescription`) of every
  /// offset from `-limit` to `limit` pixels, packed for
  /// `ByteRow.append(packed:)`.
  // NB: a pointer, fetched once per trace by the sinks (see `pointsTable`).
  nonisolated(unsafe) static let pointTexts: UnsafePointer<UInt64> = {
    let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * limit + 1)
    for pixels in -limit...limit {
      table[pixels + limit] = ByteRow.packed(points(pixels).shortestDescription)
    }
    return UnsafePointer(table)
  }()

  /// Appends the text of a number of pixels in points.
  static func append(_ pixels: Int, to row: inout ByteRow) {
    append(pixels, to: &row, texts: pointTexts)
  }

  /// Appends the text of a number of pixels in points, looked up in
  /// `texts` (``pointTexts``).
  static func append(_ pixels: Int, to row: inout ByteRow, texts: UnsafePointer<UInt64>) {
    let index = pixels &+ limit
    guard index >= 0, index <= 2 * limit else {
      row.append(shortest: points(pixels))
      return
    }
    row.append(packed: texts[index])
  }
}

/// A number of pixels written as its text in points, looked up in
/// ``TraceSynthesizer/Pixel/pointTexts``.
private struct PixelText: TraceNumberText {
  let pixels: Int
  let texts: UnsafePointer<UInt64>

  var isFinite: Bool { true }

  @inline(__always)
  func write(to row: inout ByteRow) {
    TraceSynthesizer.Pixel.append(pixels, to: &row, texts: texts)
  }
}

/// A velocity in whole tenths written as `tenths / 10`
/// (``ByteText/writeTenths(_:to:)``).
private struct TenthsText: TraceNumberText {
  let tenths: Double

  // NB: a whole number of tenths divided by 10 is finite when it is.
  var isFinite: Bool { tenths.isFinite }

  @inline(__always)
  func write(to row: inout ByteRow) {
    row.append(tenths: tenths)
  }
}

/// The numbers of a synthetic event as a trace file writes them.
private struct SynthNumbers {
  let translation: (PixelText, PixelText)
  let velocity: (TenthsText, TenthsText)
  let location: (PixelText, PixelText)

  @inline(__always)
  init(
    _ translation: TraceSynthesizer.Pixel, _ velocityTenths: Vector2D,
    _ location: TraceSynthesizer.Pixel, texts: UnsafePointer<UInt64>
  ) {
    self.translation = (
      PixelText(pixels: translation.x, texts: texts), PixelText(pixels: translation.y, texts: texts)
    )
    velocity = (TenthsText(tenths: velocityTenths.x), TenthsText(tenths: velocityTenths.y))
    self.location = (
      PixelText(pixels: location.x, texts: texts), PixelText(pixels: location.y, texts: texts)
    )
  }
}

/// Writes a synthetic trace's events as CSV rows (``CSVTraceRow``).
private struct CSVRowSink: SynthEventSink {
  /// The id field and its comma.
  let prefix: UnsafeBufferPointer<UInt8>
  /// The rows written so far, after what the bytes held.
  var bytes: SynthBytes
  /// ``TraceSynthesizer/Pixel/pointTexts``.
  let texts = TraceSynthesizer.Pixel.pointTexts

  func reserve(_ count: Int) {}

  mutating func add(
    _ phase: TouchPhase, time: Int64, translation: TraceSynthesizer.Pixel,
    velocityTenths: Vector2D,
    location: TraceSynthesizer.Pixel
  ) {
    let numbers = SynthNumbers(translation, velocityTenths, location, texts: texts)
    let prefix = prefix
    bytes.writeRow { row in
      row.append(prefix)
      CSVTraceRow.write(
        time: TraceTime(nanoseconds: time), phase: phase, translation: numbers.translation,
        velocity: numbers.velocity, location: numbers.location,
        columns: CSVColumns(velocity: true, location: true), to: &row)
    }
  }
}

/// Writes a synthetic trace's events as the objects of a JSON Lines
/// events array (``JSONLinesTraceEvent``).
private struct JSONLinesEventSink: SynthEventSink {
  var bytes: [UInt8] = []
  private var isFirst = true
  /// ``TraceSynthesizer/Pixel/pointTexts``.
  private let texts = TraceSynthesizer.Pixel.pointTexts

  func reserve(_ count: Int) {}

  mutating func add(
    _ phase: TouchPhase, time: Int64, translation: TraceSynthesizer.Pixel,
    velocityTenths: Vector2D,
    location: TraceSynthesizer.Pixel
  ) {
    let first = isFirst
    isFirst = false
    let numbers = SynthNumbers(translation, velocityTenths, location, texts: texts)
    ByteRow.write(into: &bytes) { row in
      JSONLinesTraceEvent.write(
        isFirst: first, time: TraceTime(nanoseconds: time), phase: phase,
        translation: numbers.translation, velocity: numbers.velocity,
        location: numbers.location, to: &row)
    }
  }
}
