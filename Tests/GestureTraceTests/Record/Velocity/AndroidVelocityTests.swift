import Testing

@testable import GestureTrace

/// One AOSP check: a case, a pointer, an axis and the velocity to match.
struct AndroidVelocityCheck: Sendable, CustomTestStringConvertible {
  var caseName: String
  var pointer: String
  var axis: String
  var estimator: VelocityEstimator
  /// The velocity to match; `nil` means "none".
  var expected: Double?

  var testDescription: String {
    "\(caseName) pointer \(pointer) \(axis) \(estimator)"
  }

  /// The case's samples: the single-pointer file when there is one, else the
  /// pointer's events from the long-form `raw/` file.
  var samples: [PointerSample] {
    if pointer == "0", VelocityTestData.exists("aosp/\(caseName).csv") {
      let last = VelocityTestData.aospLastActions[caseName] ?? .up
      return VelocityTestData.aospSamples(case: caseName, lastAction: last)
    }
    return VelocityTestData.aospRawSamples(case: caseName, pointer: pointer)
  }

  /// Every x/y check of `aosp/expected_detail.csv` for `lsq2` (also called
  /// `default`) and `impulse`.
  ///
  /// `lsq2` is held to the recorded expectation; `impulse` to today's formula
  /// recomputed in float64 (`recomputed_current_algo_f64`), because most
  /// recorded impulse values come from the pre-2017 formula.
  static let all: [AndroidVelocityCheck] = VelocityTestData.rows("aosp/expected_detail.csv")
    .compactMap { row in
      guard let caseName = row["case"], let axis = row["axis"], axis == "x" || axis == "y",
        let pointer = row["pointer_id"]
      else { return nil }
      // NB: Android's 40 ms lift rule uses one "last event time" for all
      // pointers, so the other pointer's late lift also wipes pointer 1 here;
      // a per-pointer tracker cannot see another pointer's lift.
      if caseName == "LongDelayBeforeActionPointerUp", pointer == "1" { return nil }
      let estimator: VelocityEstimator
      let column: String
      switch row["strategy"] {
      case "lsq2", "default":
        estimator = .lsq2
        column = "expected_velocity"
      case "impulse":
        estimator = .impulse
        column = "recomputed_current_algo_f64"
      default:
        return nil
      }
      guard let text = row[column] else { return nil }
      let expected: Double?
      if text == "none" {
        expected = nil
      } else if let value = Double(text) {
        expected = value
      } else {
        return nil
      }
      let check = AndroidVelocityCheck(
        caseName: caseName, pointer: pointer, axis: axis, estimator: estimator,
        expected: expected)
      return check.samples.isEmpty ? nil : check
    }
}

/// One AOSP rotary-scroll check: impulse on a delta axis.
struct AndroidScrollCheck: Sendable, CustomTestStringConvertible {
  var caseName: String
  /// Today's formula recomputed in float64; `nil` means "none".
  var expected: Double?

  var testDescription: String { caseName }

  /// The scroll deltas as moves, the delta in `x`.
  var samples: [PointerSample] {
    VelocityTestData.rows("aosp/scroll/\(caseName).csv").compactMap { row in
      guard let time = row["t_ms"].flatMap(VelocityTestData.nanoseconds(milliseconds:)),
        let delta = row["scroll_delta"].flatMap(Double.init)
      else { return nil }
      return VelocityTestData.sample(time, delta, 0, .move)
    }
  }

  static let all: [AndroidScrollCheck] = VelocityTestData.rows("aosp/expected_detail.csv")
    .compactMap { row in
      guard let caseName = row["case"], row["axis"] == "scroll",
        row["strategy"] == "impulse", let text = row["recomputed_current_algo_f64"]
      else { return nil }
      if text == "none" { return AndroidScrollCheck(caseName: caseName, expected: nil) }
      guard let value = Double(text) else { return nil }
      return AndroidScrollCheck(caseName: caseName, expected: value)
    }
}

@Suite struct AndroidVelocityTests {
  @Test func dataIsPresent() {
    #expect(AndroidVelocityCheck.all.contains { $0.estimator == .lsq2 && $0.expected != nil })
    #expect(AndroidVelocityCheck.all.contains { $0.estimator == .impulse && $0.expected != nil })
    #expect(!AndroidScrollCheck.all.isEmpty)
  }

  /// Android lsq2 within 1e-3 relative of the recorded expectation, impulse
  /// within 1e-3 of today's formula (1e-6 absolute where the answer is 0).
  @Test(arguments: AndroidVelocityCheck.all)
  func matchesAndroid(_ check: AndroidVelocityCheck) {
    let velocity = check.estimator.velocity(of: check.samples)
    guard let expected = check.expected else {
      #expect(velocity == nil)
      return
    }
    guard let velocity else {
      Issue.record("no velocity, expected \(expected)")
      return
    }
    let actual = check.axis == "x" ? velocity.x : velocity.y
    let tolerance = expected == 0 ? 1e-6 : 1e-3
    #expect(velocityError(actual, expected) <= tolerance, "got \(actual), expected \(expected)")
  }

  /// Impulse on a delta axis (each value is a change, not a position).
  @Test(arguments: AndroidScrollCheck.all)
  func matchesAndroidScrollImpulse(_ check: AndroidScrollCheck) {
    var tracker = VelocityTracker(estimator: .impulse)
    for sample in check.samples { tracker.add(sample) }
    let velocity = tracker.deltaAxisImpulseVelocity()
    guard let expected = check.expected else {
      #expect(velocity == nil)
      return
    }
    guard let velocity else {
      Issue.record("no velocity, expected \(expected)")
      return
    }
    let tolerance = expected == 0 ? 1e-6 : 1e-3
    #expect(velocityError(velocity, expected) <= tolerance, "got \(velocity), expected \(expected)")
  }
}
