import Testing

@testable import GestureTrace

/// One Flutter check: a gesture, an axis, an estimator and the velocity.
struct FlutterVelocityCheck: Sendable, CustomTestStringConvertible {
  var caseName: String
  var axis: String
  var estimator: VelocityEstimator
  var expected: Double
  /// The allowed relative error.
  var tolerance: Double

  var testDescription: String { "\(caseName) \(axis) \(estimator)" }

  /// Flutter's test expectations (`flutter/expected.csv`), 0.1 % relative.
  static let leastSquares: [FlutterVelocityCheck] = VelocityTestData.rows("flutter/expected.csv")
    .compactMap { row in
      guard let caseName = row["case"], let axis = row["axis"],
        row["strategy"] == "flutter_lsq2",
        let expected = row["expected_velocity"].flatMap(Double.init)
      else { return nil }
      return FlutterVelocityCheck(
        caseName: caseName, axis: axis, estimator: .flutterLSQ2, expected: expected,
        tolerance: 1e-3)
    }

  /// The independently computed iOS and macOS tracker outputs
  /// (`flutter/computed_reference.csv`), 1e-6 relative.
  static let scrollViews: [FlutterVelocityCheck] = VelocityTestData.rows(
    "flutter/computed_reference.csv"
  ).flatMap { row -> [FlutterVelocityCheck] in
    guard let caseName = row["case"] else { return [] }
    var checks: [FlutterVelocityCheck] = []
    for (estimator, prefix) in [(VelocityEstimator.ios, "ios"), (.macos, "macos")] {
      for axis in ["x", "y"] {
        guard let expected = row["\(prefix)_v\(axis)_px_s"].flatMap(Double.init) else {
          continue
        }
        checks.append(
          FlutterVelocityCheck(
            caseName: caseName, axis: axis, estimator: estimator, expected: expected,
            tolerance: 1e-6))
      }
    }
    return checks
  }
}

@Suite struct FlutterVelocityTests {
  @Test func dataIsPresent() {
    #expect(!FlutterVelocityCheck.leastSquares.isEmpty)
    #expect(!FlutterVelocityCheck.scrollViews.isEmpty)
  }

  @Test(arguments: FlutterVelocityCheck.leastSquares + FlutterVelocityCheck.scrollViews)
  func matchesFlutter(_ check: FlutterVelocityCheck) throws {
    let samples = VelocityTestData.flutterSamples(case: check.caseName)
    try #require(samples.count > 2)
    // The lift comes 14–16 ms after the last move: it must add no sample.
    #expect(samples.last?.action == .up)
    let velocity = try #require(check.estimator.velocity(of: samples))
    let actual = check.axis == "x" ? velocity.x : velocity.y
    #expect(
      velocityError(actual, check.expected) < check.tolerance,
      "got \(actual), expected \(check.expected)")
  }
}
