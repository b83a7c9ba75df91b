import Testing

@testable import GestureTrace

/// Arithmetic on values anywhere in the range of finite doubles: lengths,
/// means, quantiles, histogram edges, sweeps and features stay finite and
/// never trap. (docs/reliability.md, "Valid input at the limits")
@Suite struct HugeValueArithmeticTests {
  @Test func lengthOfHugeComponentsIsFinite() {
    let max = Double.greatestFiniteMagnitude
    #expect((Vector2D(x: 3e200, y: 4e200).length / 5e200 - 1).magnitude < 1e-15)
    #expect(Vector2D(x: max / 2, y: 0).length == max / 2)
    #expect((Vector2D(x: 3e-200, y: 4e-200).length / 5e-200 - 1).magnitude < 1e-15)
    #expect(Vector2D(x: 3, y: 4).length == 5)
    #expect(Vector2D(x: 1.7e308, y: 1.7e308).length.isInfinite)
    #expect(Vector2D(x: 1.7e308, y: 1.7e308).length.saturated == max)
  }

  @Test func meanAndQuantilesOfHugeValuesAreFinite() {
    let values = [-1.7e308, 1.7e308, 1.7e308, 1.7e308]
    let quantiles = Quantiles(values)
    #expect(quantiles.mean == 0.85e308)
    for p in [0.0, 0.1, 0.25, 0.5, 0.9, 1] { #expect(quantiles.value(at: p)?.isFinite == true) }
    var selecting = values
    let selected = Quantiles.values(at: [0.05, 0.25, 0.5], selecting: &selecting)
    #expect(selected.allSatisfy { $0.isFinite })
  }

  @Test func histogramOverTheWholeRangeHasFiniteEdgesAndBinsEveryValue() {
    let values = [
      -Double.greatestFiniteMagnitude, -1e308, 0, 1e308, Double.greatestFiniteMagnitude,
    ]
    let histogram = Histogram(values, bins: 4)
    #expect(histogram.binWidth.isFinite)
    #expect(histogram.counts.reduce(0, +) == 5)
    for index in histogram.counts.indices { #expect(histogram.upperEdge(index).isFinite) }
  }

  @Test func featuresOfAHugeTraceAreFinite() {
    let trace = Trace(
      id: "g",
      events: [
        PanEvent(time: .zero, phase: .began, translation: .zero),
        PanEvent(
          time: .milliseconds(10), phase: .changed,
          translation: Vector2D(x: 1.7e308, y: 1.7e308)),
        PanEvent(
          time: .milliseconds(20), phase: .ended,
          translation: Vector2D(x: -1.7e308, y: -1.7e308)),
      ])
    let features = TraceFeatures(of: trace)
    for value in [
      features.pathLength, features.netDistance, features.peakSpeed, features.releaseSpeed,
      features.releaseVelocity.x, features.straightness,
    ] {
      #expect(value.isFinite)
    }
  }

  @Test(arguments: [
    "lyrics-swap.dismissalOffset=0...10000:1e-15", "lyrics-swap.dismissalOffset=0...1:1e-300",
    "lyrics-swap.dismissalOffset=-1e308...1e308:1",
    "lyrics-swap.dismissalOffset=-1e308...1e308:1e305",
  ])
  func sweepWithTooManyValuesIsAnErrorNotATrap(spec: String) {
    #expect(throws: VariantError.self) { try Sweep(parsing: spec) }
  }
}
