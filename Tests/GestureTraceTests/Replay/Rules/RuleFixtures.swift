import Testing

@testable import GestureTrace

/// Hand-built gestures and rules for the release-rule suites.
enum RuleFixtures {
  /// Toward +y: down the screen (player sheet closing).
  static let down = Vector2D(x: 0, y: 1)
  /// Toward −y: up the screen (player sheet opening).
  static let up = Vector2D(x: 0, y: -1)
  /// Toward −x: the finger moving left.
  static let left = Vector2D(x: -1, y: 0)
  /// Toward +x: the finger moving right.
  static let right = Vector2D(x: 1, y: 0)

  /// A gesture through `samples` (milliseconds, tx, ty): the first is
  /// `began`, the last `ended` with `velocity` (pt/s), the rest `changed`.
  static func gesture(
    _ samples: [(ms: Int64, x: Double, y: Double)], velocity: Vector2D = .zero
  ) -> [PanEvent] {
    samples.enumerated().map { index, sample in
      let phase: TouchPhase =
        index == 0 ? .began : index == samples.count - 1 ? .ended : .changed
      return PanEvent(
        time: .milliseconds(sample.ms), phase: phase,
        translation: Vector2D(x: sample.x, y: sample.y),
        velocity: phase == .ended ? velocity : nil)
    }
  }

  /// A release of the gesture through `samples` along `direction` over
  /// `distance` points.
  static func release(
    _ samples: [(ms: Int64, x: Double, y: Double)], velocity: Vector2D = .zero,
    direction: Vector2D = down, distance: Double = 806
  ) -> ReleaseInput {
    ReleaseInput(
      events: gesture(samples, velocity: velocity), direction: direction, distance: distance)
  }

  /// A two-event release: `began` at 0 and `ended` at `ms` with `translation`.
  static func release(
    at translation: Vector2D, ms: Int64 = 100, velocity: Vector2D = .zero,
    direction: Vector2D = down, distance: Double = 806
  ) -> ReleaseInput {
    release(
      [(0, 0, 0), (ms, translation.x, translation.y)], velocity: velocity,
      direction: direction, distance: distance)
  }

  /// `rule` with its defaults and `overrides` (spec text) applied.
  static func make<Rule: ReleaseRule>(
    _ rule: Rule.Type, _ overrides: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Rule {
    Rule(values(of: Rule.parameters, overrides, sourceLocation: sourceLocation))
  }

  /// The defaults of `parameters` with `overrides` (spec text) applied; an
  /// override no parameter accepts is recorded as an issue.
  static func values(
    of parameters: [Parameter], _ overrides: [String: String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> ParameterValues {
    var values = ParameterValues(defaultsOf: parameters)
    for (name, text) in overrides {
      guard let parameter = parameters.first(where: { $0.name == name }),
        let value = parameter.value(parsing: text)
      else {
        Issue.record("invalid override \(name)=\(text)", sourceLocation: sourceLocation)
        continue
      }
      values[name] = value
    }
    return values
  }
}

/// One row of a rule's decision table.
struct RuleCase: Sendable, CustomTestStringConvertible {
  /// What the row checks.
  let label: String
  /// The release.
  let release: ReleaseInput
  /// Parameter overrides, as spec text.
  var overrides: [String: String] = [:]
  /// Whether the rule completes.
  let completes: Bool

  var testDescription: String { label }
}
