import Testing

@testable import GestureTrace

@Suite struct TraceSynthesizerBytesTests {
  /// The synthesizer for a target spec, or the untargeted one.
  static func synthesizer(seed: UInt64, rate: Double, target: String?) throws -> TraceSynthesizer {
    guard let target else { return TraceSynthesizer(seed: seed, rate: rate) }
    return TraceSynthesizer(seed: seed, rate: rate, target: try Variant(parsing: target))
  }

  @Test(
    arguments: [
      nil, "lyrics-swap", "lyrics-swap:axis=both", "player-sheet:start=open",
      "music-card", "library-pager",
    ], [1.0, 59.94, 120, 1_000])
  func tracesMatchTheEncodersStringPath(target: String?, rate: Double) throws {
    let synthesizer = try Self.synthesizer(seed: 21, rate: rate, target: target)
    let csv = CSVTraceEncoder(columns: CSVColumns(velocity: true, location: true))
    for index in [0, 1, 2, 3, 99, 100_000, -7] + Array(10..<60) {
      let trace = synthesizer.trace(at: index)
      var csvText = "x"
      csv.encode(trace, into: &csvText)
      #expect(csvText == "x" + TraceTextReference.csv(trace, columns: csv.columns), "\(index)")
      var csvBytes = Array("x".utf8)
      synthesizer.encodeTrace(at: index, as: .csv, into: &csvBytes)
      #expect(csvBytes == Array(csvText.utf8), "\(index)")
      var jsonText = ""
      JSONLinesEncoder().encode(trace, into: &jsonText)
      #expect(jsonText == TraceTextReference.jsonLines(trace), "\(index)")
      var jsonBytes: [UInt8] = []
      synthesizer.encodeTrace(at: index, as: .jsonl, into: &jsonBytes)
      #expect(jsonBytes == Array(jsonText.utf8), "\(index)")
    }
  }

  @Test func pointTextsAreTheShortestTextsOfThePoints() {
    typealias Pixel = TraceSynthesizer.Pixel
    for pixels in -Pixel.limit - 10...Pixel.limit + 10 {
      let exact = (Double(pixels) * 100 / TraceSynthesizer.scale).rounded() / 100
      #expect(Pixel.points(pixels).bitPattern == exact.bitPattern, "\(pixels)")
      var bytes: [UInt8] = []
      ByteRow.write(into: &bytes) { Pixel.append(pixels, to: &$0) }
      #expect(String(decoding: bytes, as: UTF8.self) == exact.shortestDescription, "\(pixels)")
    }
  }

  @Test(arguments: [
    (1, "0.33"), (-2, "-0.67"), (3, "1"), (0, "0"), (2_532, "844"),
    (-1_171, "-390.33"),
  ])
  func pixelsPrintAsHandComputedPoints(pixels: Int, expected: String) {
    var bytes: [UInt8] = []
    ByteRow.write(into: &bytes) { TraceSynthesizer.Pixel.append(pixels, to: &$0) }
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
  }

  @Test(
    arguments: [nil, "lyrics-swap", "player-sheet:start=open", "music-card", "library-pager"],
    [TraceFileFormat.csv, .jsonl])
  func batchesAreTheTracesOneByOne(target: String?, format: TraceFileFormat) throws {
    let synthesizer = try Self.synthesizer(seed: 3, rate: 120, target: target)
    for range in [0..<0, 0..<1, 0..<300, -5..<5, 999_990..<1_000_010, 511..<513] {
      var expected = Array("x".utf8)
      for index in range { synthesizer.encodeTrace(at: index, as: format, into: &expected) }
      var batch = Array("x".utf8)
      synthesizer.encodeTraces(range, as: format, into: &batch)
      #expect(batch == expected, "\(range)")
    }
  }

  @Test(arguments: [
    0, 7, 42, 99_999, 100_000, 999_999, 1_000_000, 1_234_567, Int.max,
  ])
  func idDigitsAreThoseOfTheIdentifier(index: Int) {
    let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
      let count = TraceSynthesizer.writeIDDigits(index, to: buffer.baseAddress!)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
    #expect("s" + text == TraceSynthesizer.id(at: index))
  }
}
