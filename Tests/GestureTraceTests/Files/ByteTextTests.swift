import Testing

@testable import GestureTrace

/// The bytes the encoders write are the UTF-8 of the text they append.
@Suite struct ByteTextTests {
  private func shortestBytes(_ value: Double) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ByteText.numberCapacity) { buffer in
      let count = ByteText.writeShortest(value, to: buffer.baseAddress!)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }

  private func timeBytes(_ time: TraceTime) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ByteText.numberCapacity) { buffer in
      let count = ByteText.writeTime(time, to: buffer.baseAddress!)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }

  static let edgeValues: [Double] = [
    0, -0.0, 1, -1, 0.5, -0.5, 0.25, 0.1, 0.01, -0.01, 0.05, 0.3, 1.1, 14.9, 24, 732, 1092,
    0.004, 0.005, 123.45, -987.65, 1e-5, 1e-300, .leastNonzeroMagnitude, 0x1p53, 0x1p53 + 2,
    -0x1p53,
    0x1p60, 1e13, 1e13 - 0.01, 9_999_999_999_999.99, 1e15, 1e22, 1.7976931348623157e308,
    -1.7976931348623157e308, .nan, .infinity, -.infinity, 0.1 + 0.2, 1.0 / 3, 2.675,
    1.005, 4.35, 0.07, 100.1, 8.35, 16.68,
  ]

  @Test(arguments: edgeValues)
  func edgeNumbersWriteTheirShortestDescription(_ value: Double) {
    #expect(shortestBytes(value) == ShortestTextReference.text(value))
  }

  @Test(arguments: 0..<8 as Range<UInt64>)
  func randomNumbersWriteTheirShortestDescription(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<5_000 {
      let value: Double
      switch rng.next() % 4 {
      case 0:
        // Any bit pattern: every exponent, NaNs and infinities.
        value = Double(bitPattern: rng.next())
      case 1:
        // A decimal with up to four places, as files hold them.
        let places = Int(rng.next() % 5)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        value = Double(Int64(bitPattern: rng.next()) % 10_000_000) / scale
      case 2:
        value = Double(Int64(bitPattern: rng.next()) >> Int(rng.next() % 64))
      default:
        value = Double(rng.next() % 1_000_000) / 1000 * (rng.next() % 2 == 0 ? 1 : -1e-7)
      }
      #expect(shortestBytes(value) == ShortestTextReference.text(value), "\(value.bitPattern)")
    }
  }

  @Test func timesWriteTheirDescription() {
    var rng = SplitMix64(seed: 9)
    var times: [Int64] = [
      0, 1, -1, 8_300_000, 1_000_000_000, -1_500_000_000, 235_762_362_787_412,
      4_000_000_000_000_000_000, -4_000_000_000_000_000_000, 100, 120_000_000,
    ]
    for _ in 0..<5_000 {
      let magnitude = Int64(rng.next() % 4_000_000_000_000_000_001)
      times.append(magnitude >> Int(rng.next() % 63) * (rng.next() % 2 == 0 ? 1 : -1))
    }
    for nanoseconds in times {
      let time = TraceTime(nanoseconds: nanoseconds)
      #expect(timeBytes(time) == time.description, "\(nanoseconds)")
    }
  }

  /// A random trace: velocities and locations present or not, numbers of
  /// every kind, an id that CSV quotes.
  private func randomTrace(_ rng: inout SplitMix64, index: Int) -> Trace {
    let withVelocity = rng.next() % 3 != 0
    let withLocation = rng.next() % 3 == 0
    var time: Int64 = 0
    let count = Int(rng.next() % 12) + 1
    func number() -> Double {
      switch rng.next() % 5 {
      case 0: Double(bitPattern: rng.next())
      case 1: Double(Int64(bitPattern: rng.next()) % 100_000) / 100
      case 2: -0.0
      default: Double(Int64(bitPattern: rng.next()) % 1_000_000) / 1000
      }
    }
    let events = (0..<count).map { position -> PanEvent in
      time += Int64(rng.next() % 20_000_000)
      let phase: TouchPhase =
        position == 0 ? .began : position == count - 1 ? .ended : .changed
      return PanEvent(
        time: TraceTime(nanoseconds: time), phase: phase,
        translation: Vector2D(x: number(), y: number()),
        velocity: withVelocity && rng.next() % 8 != 0 ? Vector2D(x: number(), y: number()) : nil,
        location: withLocation ? Vector2D(x: number(), y: number()) : nil)
    }
    var metadata = TraceMetadata()
    metadata["kind"] = "drag"
    let id = index % 5 == 0 ? "g,\"\(index)\"" : "g\(index)"
    return Trace(id: id, events: events, metadata: metadata)
  }

  @Test(arguments: 0..<4 as Range<UInt64>)
  func encodersWriteTheTextTheyWroteAsStrings(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for index in 0..<200 {
      TraceWriterAgreementTests.expectReferenceText(randomTrace(&rng, index: index))
    }
  }
}
