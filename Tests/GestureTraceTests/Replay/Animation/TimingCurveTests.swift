import Testing

@testable import GestureTrace

@Suite struct TimingCurveTests {
  /// A named curve, a time fraction, and the progress there, computed by
  /// bisecting the Bernstein form of x(s) to 1e-60 in 40-digit arithmetic
  /// (mpmath) and evaluating y(s).
  static let referenceValues: [(String, Double, Double)] = [
    ("easeIn", 0.1, 0.017_026_609_651_562_941_802),
    ("easeIn", 0.25, 0.093_464_650_718_824_859_243),
    ("easeIn", 0.5, 0.315_356_812_572_539_304_26),
    ("easeIn", 0.9, 0.839_427_845_762_466_529_36),
    ("easeOut", 0.1, 0.160_572_154_237_533_470_64),
    ("easeOut", 0.5, 0.684_643_187_427_460_695_74),
    ("easeOut", 0.75, 0.906_535_349_281_175_140_76),
    ("easeInEaseOut", 0.1, 0.019_722_453_548_311_195_623),
    ("easeInEaseOut", 0.25, 0.129_161_931_047_319_811_65),
    ("easeInEaseOut", 0.5, 0.5),
    ("easeInEaseOut", 0.9, 0.980_277_546_451_688_804_38),
    ("default", 0.1, 0.094_796_305_716_043_246_267),
    ("default", 0.25, 0.408_510_591_355_395_870_6),
    ("default", 0.5, 0.802_403_387_584_856_989_52),
    ("default", 0.75, 0.960_458_978_348_974_084_22),
  ]

  static func named(_ name: String) -> TimingCurve {
    switch name {
    case "easeIn": .easeIn
    case "easeOut": .easeOut
    case "easeInEaseOut": .easeInEaseOut
    case "default": .default
    default: .linear
    }
  }

  @Test(arguments: referenceValues)
  func namedCurveMatchesReference(_ name: String, _ fraction: Double, _ expected: Double) {
    let progress = TimingCurveTests.named(name).progress(at: fraction)
    #expect((progress - expected).magnitude < 1e-12)
  }

  @Test func namedCurvesHaveCoreAnimationControlPoints() {
    #expect(TimingCurve.easeIn == TimingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1))
    #expect(TimingCurve.easeOut == TimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1))
    #expect(TimingCurve.easeInEaseOut == TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
    #expect(TimingCurve.default == TimingCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
  }

  @Test func linearIsIdentity() {
    for i in 0...100 {
      let x = Double(i) / 100
      #expect((TimingCurve.linear.progress(at: x) - x).magnitude < 1e-14)
    }
  }

  /// Points (x(s), y(s)) of the curve computed directly from the Bernstein
  /// form, a different formula from the library's power form.
  static func bernsteinPoint(_ curve: TimingCurve, _ s: Double) -> (x: Double, y: Double) {
    let u = 1 - s
    let x = 3 * u * u * s * curve.x1 + 3 * u * s * s * curve.x2 + s * s * s
    let y = 3 * u * u * s * curve.y1 + 3 * u * s * s * curve.y2 + s * s * s
    return (x, y)
  }

  @Test(arguments: [
    TimingCurve.easeIn, .easeOut, .easeInEaseOut, .default,
    TimingCurve(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1),  // overshooting "back" curve
    TimingCurve(x1: 0, y1: 1, x2: 1, y2: 0),  // x′ = 0 at both ends
  ])
  func progressInvertsTheBezier(_ curve: TimingCurve) {
    for i in 1..<200 {
      let point = TimingCurveTests.bernsteinPoint(curve, Double(i) / 200)
      let progress = curve.progress(at: point.x)
      #expect((progress - point.y).magnitude < 1e-9, "s = \(Double(i) / 200)")
    }
  }

  @Test func verticalTangentIsSolvedInTime() {
    // x(s) = 3(1 − s)²s + s³ has x′(0.5) = 0: progress is ill-conditioned
    // there (an x error of 1e-16 moves s by ~1e-5), so check the solved
    // parameter's residual in x instead of the progress.
    let curve = TimingCurve(x1: 1, y1: 0, x2: 0, y2: 1)
    for i in 1..<200 {
      let x = Double(i) / 200
      let s = curve.parameter(forX: x)
      let point = TimingCurveTests.bernsteinPoint(curve, s)
      #expect((point.x - x).magnitude < 1e-14, "x = \(x)")
      #expect((curve.progress(at: x) - point.y).magnitude < 1e-12, "x = \(x)")
    }
  }

  @Test func easeOutMirrorsEaseIn() {
    // easeOut's control points are easeIn's under (x, y) → (1 − x, 1 − y).
    for i in 0...50 {
      let x = Double(i) / 50
      let mirrored = 1 - TimingCurve.easeIn.progress(at: 1 - x)
      #expect((TimingCurve.easeOut.progress(at: x) - mirrored).magnitude < 1e-12)
    }
  }

  @Test func easeInEaseOutIsPointSymmetric() {
    for i in 0...50 {
      let x = Double(i) / 50
      let sum =
        TimingCurve.easeInEaseOut.progress(at: x)
        + TimingCurve.easeInEaseOut.progress(at: 1 - x)
      #expect((sum - 1).magnitude < 1e-12)
    }
  }

  @Test(arguments: [TimingCurve.easeIn, .easeOut, .easeInEaseOut, .default])
  func namedCurvesIncrease(_ curve: TimingCurve) {
    var previous = 0.0
    for i in 1...1_000 {
      let progress = curve.progress(at: Double(i) / 1_000)
      #expect(progress >= previous)
      previous = progress
    }
    #expect(previous == 1)
  }

  @Test func fractionsOutsideTheUnitIntervalAreClamped() {
    #expect(TimingCurve.easeIn.progress(at: -0.5) == 0)
    #expect(TimingCurve.easeIn.progress(at: .nan) == 0)
    #expect(TimingCurve.easeIn.progress(at: 7) == 1)
    #expect(TimingCurve.easeIn.progress(at: .infinity) == 1)
  }

  @Test func controlPointsAreSanitized() {
    let curve = TimingCurve(x1: -1, y1: .nan, x2: 3, y2: 2)
    #expect(curve == TimingCurve(x1: 0, y1: 0, x2: 1, y2: 2))
  }
}
