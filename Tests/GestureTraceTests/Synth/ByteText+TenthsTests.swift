import Testing

@testable import GestureTrace

@Suite struct ByteTextTenthsTests {
  /// The text `writeTenths` writes for `tenths`.
  static func tenthsText(_ tenths: Double) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ByteText.numberCapacity) { buffer in
      let count = ByteText.writeTenths(tenths, to: buffer.baseAddress!)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }

  /// The text `writeShortest` writes for `tenths / 10`, the general path.
  static func shortestText(_ tenths: Double) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ByteText.numberCapacity) { buffer in
      let count = ByteText.writeShortest(tenths / 10, to: buffer.baseAddress!)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }

  @Test(arguments: [
    (0.0, "0"), (-0.0, "-0"), (5, "0.5"), (-5, "-0.5"), (10, "1"), (-10, "-1"), (125, "12.5"),
    (-1_237, "-123.7"), (20_000, "2000"), (1, "0.1"), (-3, "-0.3"),
  ])
  func writesHandComputedTexts(tenths: Double, expected: String) {
    #expect(Self.tenthsText(tenths) == expected)
    #expect(Self.shortestText(tenths) == expected)
  }

  @Test func everyWholeTenthNearZeroMatchesTheShortestText() {
    // Velocities of the corpus are within a few thousand points per second.
    for whole in -300_000...300_000 {
      let tenths = Double(whole)
      let text = Self.tenthsText(tenths)
      if text != Self.shortestText(tenths) {
        Issue.record("\(whole): \(text) != \(Self.shortestText(tenths))")
        return
      }
    }
  }

  @Test(arguments: 0..<8 as Range<UInt64>)
  func randomWholeTenthsOfEveryMagnitudeMatchTheShortestText(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<20_000 {
      let digits = Int(rng.next() % 16)
      var whole = Double(rng.next() % 10_000_000_000_000_000) / Double(1 << (3 * (15 - digits)))
      whole = whole.rounded(.towardZero) * rng.sign()
      #expect(Self.tenthsText(whole) == Self.shortestText(whole), "\(whole)")
    }
  }

  @Test(arguments: [
    0.5, -0.25, 1e12 - 1, 1e12, -1e12, 1e12 + 10, 1e15, 0x1p53, -0x1p60, 1e300,
    .leastNonzeroMagnitude,
    .infinity, -.infinity, .nan, 123.45, -7.000001,
  ])
  func otherValuesGoThroughTheShortestText(tenths: Double) {
    #expect(Self.tenthsText(tenths) == Self.shortestText(tenths))
  }
}
