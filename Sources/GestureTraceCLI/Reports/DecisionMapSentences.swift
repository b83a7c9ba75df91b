import GestureTrace

/// What the reports say about a transition's decision map, in plain text:
/// what is shown, how the boundaries were found, and, per variant, the
/// traces it gets wrong nearest its boundary.
struct DecisionMapSentences {
  let map: DecisionMap
  /// The plan's variant specs.
  let specs: [String]
  /// How trace ids and the transition's name are written (escaped for
  /// Markdown, as they are for plain text).
  var literal: (String) -> String = { $0 }

  /// `n traces` / `1 trace`.
  private func traces(_ count: Int) -> String { count == 1 ? "1 trace" : "\(count) traces" }

  /// What the map shows and how its boundaries were found; for a tap, why
  /// there is no map.
  var caption: String {
    let transition = literal(map.transition)
    guard map.hasMap else {
      return "\(transition) is decided by a tap: where and how fast a drag is released "
        + "does not enter its decision, so it has no decision map."
    }
    guard map.traceCount > 0 else { return "No traces are meant for \(transition)." }
    var text =
      map.points.count < map.traceCount
      ? "\(map.points.count) of \(map.traceCount) traces meant for \(transition) shown "
        + "(chosen by a hash of their ids)"
      : "\(traces(map.traceCount)) meant for \(transition) (named as target, or no target)"
    text +=
      map.isMultiStop
      ? ", at their position along the track at release (points) and release velocity along "
        + "it (pt/s)."
      : ", at their progress toward completion at release (points along the completing "
        + "direction they moved furthest) and release velocity toward completion (pt/s)."
    text += " Each boundary is where a variant's decision changes, found by replaying "
    text += "synthetic releases through it on a \(DecisionMap.columns) × \(DecisionMap.rows) grid "
    text +=
      "(bisected between grid points): straight drags of \(fixed(map.syntheticDuration, 3)) s, "
    text += "the median duration shown, so rules that read the duration or the last movement "
    text += "are drawn at that duration."
    let labelled = map.points.filter { $0.label != nil }
    let synthetic = labelled.filter { $0.source == .synthetic }.count
    let human = labelled.count - synthetic
    if !labelled.isEmpty {
      text += " Labels shown: \(human) by people, \(synthetic) synthetic"
      text +=
        synthetic > 0
        ? " (labels of the synthetic model of intent, not of people)." : "."
    }
    return text
  }

  /// One line per variant: how many shown traces it gets wrong, and the
  /// nearest its boundary.
  var misses: [String] {
    guard map.hasMap else { return [] }
    return map.boundaries.map { boundary in
      let number = "[\(boundary.variant + 1)]"
      let spec = specs.indices.contains(boundary.variant) ? specs[boundary.variant] : ""
      var line = "\(number) \(spec): "
      if boundary.segments.isEmpty {
        line +=
          "decides \(boundary.decisions.joined(separator: ", ")) all over the map (no boundary); "
      }
      guard boundary.wrongCount > 0 else {
        return line + "gets none of the labelled traces shown wrong."
      }
      line += "gets \(traces(boundary.wrongCount)) shown wrong"
      let named = boundary.nearestWrong.map { miss in
        "\(literal(miss.trace)) (\(literal(miss.label)), \(fixed(miss.x, 0)) pt, \(fixed(miss.y, 0)) pt/s)"
      }
      return line + (boundary.segments.isEmpty ? "; first: " : "; nearest its boundary: ")
        + named.joined(separator: ", ") + "."
    }
  }
}
