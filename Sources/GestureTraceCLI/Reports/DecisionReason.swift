import GestureTrace

/// Why a variant decided what it did for one trace: each of its thresholds
/// with the value its property peaked at, or the release rule that decided
/// and its parameters, and how the finger was released.
///
/// ```
/// dismissalOffset 80: offset peaked at 79.5; released at -120 pt/s (y)
/// after 80 pt in 310 ms
/// ```
struct DecisionReason: Sendable {
  /// A threshold and how far its property went.
  struct Peak: Sendable {
    var threshold: Threshold
    /// The largest value the property reached after an event (`-inf` when
    /// it was never measured).
    var peak: Double
    /// When the property first exceeded the threshold, if it did.
    var crossing: TraceTime?
  }

  /// The variant's thresholds, with their peaks.
  var peaks: [Peak]
  /// The release rule, when the transition has one: its name, then each
  /// parameter with its value and unit.
  var rule: (name: String, parameters: [(name: String, value: String)])?
  /// The release velocity the replay used, points per second.
  var releaseVelocity: Vector2D
  /// The axis the trace mostly moved along: `x` or `y`.
  var axis: String
  /// The net translation along ``axis``, points.
  var distance: Double
  /// From the first event to the last, seconds.
  var duration: Double

  /// The reason for `run`, the replay of `trace` (in points) through
  /// `variant` with `estimator` supplying missing release velocities.
  init(trace: Trace, variant: Variant, run: VariantRun, estimator: VelocityEstimator) {
    peaks = run.thresholds.indices.map { index in
      Peak(
        threshold: run.thresholds[index], peak: run.peak(at: index),
        crossing: run.crossings[index])
    }
    rule = Self.rule(of: variant)
    releaseVelocity = trace.releaseVelocity(estimator: estimator)
    let features = TraceFeatures(of: trace)
    axis = features.dominantAxis
    distance = axis == "x" ? features.netTranslation.x : features.netTranslation.y
    duration = features.duration
  }

  /// The rule of a transition that takes one, with its parameters' values.
  private static func rule(
    of variant: Variant
  ) -> (name: String, parameters: [(name: String, value: String)])? {
    guard case .word(let name)? = variant.values["rule"],
      let ruleParameters = variant.family.ruleParameters(named: name)
    else { return nil }
    let parameters = ruleParameters.compactMap { parameter -> (String, String)? in
      switch variant.values[parameter.name] {
      case .number(let number)?:
        let unit = parameter.unit.isEmpty ? "" : " " + parameter.unit
        return (parameter.name, number.reportText + unit)
      case .word(let word)?:
        return (parameter.name, word)
      case nil:
        return nil
      }
    }
    return (name, parameters)
  }

  /// The reason in a sentence: the thresholds or the rule, then the
  /// release.
  var text: String {
    var parts: [String] = []
    for item in peaks {
      let peak = item.peak.isFinite ? fixed(item.peak, 2) : "nothing (never measured)"
      var part = "\(item.threshold.name) \(item.threshold.value.reportText): "
      part += "\(item.threshold.property) peaked at \(peak)"
      if let crossing = item.crossing {
        part += ", crossed at \(fixed(crossing.seconds, 3)) s"
      }
      parts.append(part)
    }
    if let rule {
      var part = "rule \(rule.name)"
      if !rule.parameters.isEmpty {
        part += " (" + rule.parameters.map { "\($0.name) \($0.value)" }.joined(separator: ", ")
        part += ")"
      }
      parts.append(part)
    }
    let velocity = axis == "x" ? releaseVelocity.x : releaseVelocity.y
    parts.append(
      "released at \(fixed(velocity, 0)) pt/s (\(axis)) after \(fixed(distance, 1)) pt in "
        + "\(fixed(duration * 1000, 0)) ms")
    return parts.joined(separator: "; ")
  }
}
