import Testing

@testable import GestureTrace

@Suite struct ByteRowTests {
  /// A value from a mix that reaches every branch of the formatting:
  /// random bit patterns (NaN, infinities, subnormals), whole numbers near
  /// 2⁵³, hundredths and tenths (the points and velocities files hold),
  /// values halfway between hundredths, values near 1e13, and signed zeros.
  static func trickyDouble(using rng: inout SplitMix64) -> Double {
    let sign: Double = rng.next() & 1 == 0 ? 1 : -1
    switch rng.next() % 10 {
    case 0: return Double(bitPattern: rng.next())
    case 1: return sign * Double(rng.next() % 100_000_000) / 100
    case 2: return sign * Double(rng.next() % 1_000_000) / 10
    case 3: return sign * Double(rng.next() >> UInt64(rng.next() % 64))
    case 4: return sign * (0x1p53 + Double(Int(rng.next() % 9)) - 4)
    case 5: return sign * (Double(rng.next() % 10_000) + 0.005 + Double(rng.next() % 100) / 100)
    case 6: return sign * (1e13 + Double(Int(rng.next() % 2_001)) / 100 - 10)
    case 7: return sign * Double(rng.next() % 3_000) / 3
    case 8:
      return [0.0, -0.0, .infinity, -.infinity, .nan, .leastNonzeroMagnitude][Int(rng.next() % 6)]
    default: return sign * rng.unit() * Double(1 << (rng.next() % 40))
    }
  }

  /// The text of one row written by `body`.
  static func text(_ body: (inout ByteRow) -> Void) -> String {
    var bytes: [UInt8] = []
    ByteRow.write(into: &bytes, body)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test(arguments: 0..<40 as Range<UInt64>)
  func shortestMatchesTheStringPath(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<2_000 {
      let value = Self.trickyDouble(using: &rng)
      let written = Self.text { $0.append(shortest: value) }
      #expect(written == value.shortestDescription, "\(value.bitPattern)")
    }
  }

  @Test(arguments: [
    (0.0, "0"), (-0.0, "-0"), (1092, "1092"), (0.4, "0.4"), (-2.5, "-2.5"), (0.05, "0.05"),
    (-0.07, "-0.07"), (614.67, "614.67"), (1e-05, "1e-05"), (0.125, "0.125"),
    (9_007_199_254_740_992, "9007199254740992"), (9_007_199_254_740_994, "9.007199254740994e+15"),
    (.infinity, "inf"), (-Double.infinity, "-inf"),
  ])
  func shortestWritesHandComputedText(value: Double, expected: String) {
    #expect(Self.text { $0.append(shortest: value) } == expected)
  }

  @Test(arguments: 0..<10 as Range<UInt64>)
  func timeMatchesTheStringPath(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<2_000 {
      let bits = rng.next()
      // Whole seconds, whole milliseconds and microseconds (as files hold
      // them), and any 64-bit count of nanoseconds.
      let nanoseconds: Int64 =
        switch bits % 4 {
        case 0: Int64(bitPattern: rng.next())
        case 1: Int64(bitPattern: rng.next() % 10_000) * 1_000_000_000
        case 2: Int64(rng.next() % 100_000_000) * 1_000 * (bits & 4 == 0 ? 1 : -1)
        default: Int64(rng.next() % 1_000_000) * 1_000_000
        }
      let time = TraceTime(nanoseconds: nanoseconds)
      #expect(Self.text { $0.append(time: time) } == time.description)
    }
  }

  @Test(arguments: [
    (0 as Int64, "0"), (8_300_000, "0.0083"), (-1_250_000_000, "-1.25"), (1, "0.000000001"),
    (Int64.min, "-9223372036.854775808"), (Int64.max, "9223372036.854775807"),
    (20_000_000_000, "20"),
  ])
  func timeWritesHandComputedText(nanoseconds: Int64, expected: String) {
    #expect(Self.text { $0.append(time: TraceTime(nanoseconds: nanoseconds)) } == expected)
  }

  @Test func numbersAndTextAppendInOrder() {
    let text = Self.text { row in
      row.append(shortest: 0)
      row.append(ascii: ",")
      row.append(time: TraceTime(nanoseconds: Int64.max))
      row.append("é,")
      row.append(ascii: "x")
      row.append(contentsOf: "ü" + String(repeating: "-", count: 3))
    }
    #expect(text == "0,9223372036.854775807é,xü---")
  }

  @Test func aRowIsAppendedAfterWhatTheOutputHolds() {
    var bytes = Array("abc".utf8)
    ByteRow.write(into: &bytes) { $0.append(shortest: 42) }
    ByteRow.write(into: &bytes) { _ in }
    #expect(bytes == Array("abc42".utf8))
  }

  @Test func aRowWrittenInPlaceHasTheBytesOfAnAppendedOne() {
    let body: (inout ByteRow) -> Void = { row in
      row.append(time: TraceTime(nanoseconds: 8_300_000))
      row.append(ascii: ",")
      row.append(tenths: -125)
      row.append(ascii: ",")
      row.append(tenths: 40)
    }
    var appended: [UInt8] = []
    ByteRow.write(into: &appended, body)
    let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ByteRow.capacity) {
      let count = ByteRow.write(at: $0.baseAddress!, body)
      return Array($0[..<count])
    }
    #expect(written == appended)
    #expect(String(decoding: written, as: UTF8.self) == "0.0083,-12.5,4")
  }
}
