import GestureTrace

/// The options of `synth --target` that set the model of intent's
/// assumptions (``IntentModel``).
enum IntentModelOptions {
  static let mix: OptionKey<String?> = .optionalText(
    "mix", valueName: "kind=weight,...",
    help: """
      With --target: weights that replace the default weights of these kinds (dragged \
      transitions: drag 0.24, flick 0.2, diagonal 0.06, reversal 0.2, hesitant 0.12, away 0.08, \
      across 0.1; tap-driven: tap 0.5, scroll 0.25, flick 0.15, across 0.1); a kind's share is \
      its weight over the sum. Example: hesitant=0.24,reversal=0.1.
      """,
    defaultText: "the weights listed")
  static let peekDepth: OptionKey<String?> = .optionalText(
    "peek-depth", valueName: "low...high",
    help: "With --target: the range of a hesitant peek's total movement, pt.",
    defaultText: "3...16")
  static let commitDistance: OptionKey<String?> = .optionalText(
    "commit-distance", valueName: "low...high",
    help: """
      With --target: the range of a committed drag's distance (a drag, or a diagonal's drag), \
      pt, capped at 95 % of the view along its direction.
      """,
    defaultText: "max(0.35 d, 45)...max(3 d, 120), d the decision distance")
  static let dragSpeed: OptionKey<String?> = .optionalText(
    "drag-speed", valueName: "low...high",
    help: "With --target: the range of a committed drag's mean speed, pt/s (above 0).",
    defaultText: "150...900")

  static let flickDistance: OptionKey<String?> = .optionalText(
    "flick-distance", valueName: "low...high",
    help: """
      With --target: the range of the distance a committed flick (a flick, or a diagonal's \
      flick) covers before its lift in 80-180 ms, pt, capped at 60 % of the view along its \
      direction.
      """,
    defaultText: "60...max(140, 0.8 d)")

  /// The options, in the order the help lists them.
  static let all = [mix, peekDepth, commitDistance, dragSpeed, flickDistance]

  /// The model the options give, and the names of the options given;
  /// usage errors for values that cannot be read.
  static func model(_ arguments: ParsedArguments) throws(CommandError) -> (
    model: IntentModel, given: Set<String>
  ) {
    var model = IntentModel.standard
    var given: Set<String> = []
    if let text = try arguments[mix] {
      given.insert("--" + mix.name)
      do throws(IntentModel.Problem) {
        model.weights = try IntentModel.weights(parsing: text)
      } catch {
        throw invalid(text, mix, error.reason)
      }
    }
    for (key, keyPath, minimum) in [
      (peekDepth, \IntentModel.peekDepth, 0.0), (dragSpeed, \IntentModel.dragSpeed, 1e-9),
    ] {
      guard let text = try arguments[key] else { continue }
      given.insert("--" + key.name)
      model[keyPath: keyPath] = try range(text, key, above: minimum)
    }
    for (key, keyPath) in [
      (commitDistance, \IntentModel.commitDistance), (flickDistance, \IntentModel.flickDistance),
    ] {
      guard let text = try arguments[key] else { continue }
      given.insert("--" + key.name)
      model[keyPath: keyPath] = try range(text, key, above: 1e-9)
    }
    return (model, given)
  }

  /// Reads `LOW...HIGH` with `minimum` ≤ LOW ≤ HIGH.
  private static func range(
    _ text: String, _ key: OptionKey<String?>, above minimum: Double
  ) throws(CommandError) -> ClosedRange<Double> {
    guard let range = IntentModel.range(parsing: text), range.lowerBound >= minimum else {
      let bound = minimum > 0 ? "0 < LOW" : "0 ≤ LOW"
      throw invalid(text, key, "expected LOW...HIGH with \(bound) ≤ HIGH, such as 10...40")
    }
    return range
  }

  /// A usage error for a value of `key`.
  static func invalid(_ text: String, _ key: OptionKey<String?>, _ reason: String) -> CommandError {
    .usage(
      "The value '\(text.escapingControlCharacters)' is invalid for '\(key.option.usageLabel)': "
        + "\(reason.escapingControlCharacters)",
      help: "\(key.option.usageLabel)  \(key.option.help)")
  }
}
