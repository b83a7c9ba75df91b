import Testing

@testable import GestureTrace

@Suite struct TraceSynthesizerSamplingTests {
  typealias Pixel = TraceSynthesizer.Pixel

  /// The pixel as it was computed before: rounded in doubles, then clamped.
  static func referencePixel(_ point: Vector2D) -> Pixel {
    let width = TraceSynthesizer.viewSize.x * TraceSynthesizer.scale
    let height = TraceSynthesizer.viewSize.y * TraceSynthesizer.scale
    return Pixel(
      x: Int(min(max((point.x * TraceSynthesizer.scale).rounded(), 0), width)),
      y: Int(min(max((point.y * TraceSynthesizer.scale).rounded(), 0), height)))
  }

  @Test func viewLimitsAreTheViewInPixels() {
    #expect(Pixel.width == Int(TraceSynthesizer.viewSize.x * TraceSynthesizer.scale))
    #expect(Pixel.limit == Int(TraceSynthesizer.viewSize.y * TraceSynthesizer.scale))
  }

  @Test(arguments: [
    Vector2D(x: 0, y: 0), Vector2D(x: -0.0, y: -0.0), Vector2D(x: 0.5 / 3, y: -0.5 / 3),
    Vector2D(x: 1.5 / 3, y: 2.5 / 3), Vector2D(x: -1e-300, y: 1e-300),
    Vector2D(x: 390, y: 844), Vector2D(x: 390.2, y: 844.2), Vector2D(x: 1e20, y: -1e20),
    Vector2D(x: 0x1p52, y: -0x1p52), Vector2D(x: 0x1p51 + 0.5, y: 12.1666666666666667),
    Vector2D(x: -5, y: 1_000), Vector2D(x: 389.8333333333333, y: 0.16666666666666666),
  ])
  func pixelOfEdgeCasesIsTheRoundedClampedPoint(point: Vector2D) {
    #expect(Pixel(point) == Self.referencePixel(point))
  }

  @Test(arguments: 0..<4 as Range<UInt64>)
  func pixelOfRandomPointsIsTheRoundedClampedPoint(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<50_000 {
      // Points around the view, many of them on a half pixel.
      var x = rng.uniform(-20...410)
      var y = rng.uniform(-20...870)
      if rng.chance(0.3) {
        x = ((x * 3).rounded() + 0.5) / 3
        y = ((y * 3).rounded() - 0.5) / 3
      }
      let point = Vector2D(x: x, y: y)
      #expect(Pixel(point) == Self.referencePixel(point), "\(x), \(y)")
    }
  }

  @Test func tableLookupsAreThePointsOfEveryPixel() {
    let table = Pixel.pointsTable
    for pixels in -Pixel.limit - 5...Pixel.limit + 5 {
      let exact = Pixel.exactPoints(pixels)
      #expect(Pixel.points(pixels, in: table).bitPattern == exact.bitPattern, "\(pixels)")
    }
    let pixel = Pixel(x: 7, y: -4)
    let other = Pixel(x: 1_000, y: 2_532)
    #expect(pixel.point(in: table) == Vector2D(x: 2.33, y: -1.33))
    #expect(other.offset(from: pixel, in: table) == Vector2D(x: 331, y: 845.33))
  }
}
