import GestureTrace

/// One trace prepared for `export`: where the finger goes, event by event,
/// and what GestureTrace's replay decided for each variant.
///
/// Positions are points in the coordinates the test drives (Hammer's
/// window, XCUITest's app frame): the trace's own locations, or its
/// translations added to a start point the user gives.
struct ExportedTrace: Sendable {
  /// The trace, in points.
  var trace: Trace
  /// Where the finger touched down: the first position less its
  /// translation (a pan begins only after the finger has moved).
  var touchDown: Vector2D
  /// Where the finger is at each event.
  var positions: [Vector2D]
  /// Where the positions come from, for the generated comment.
  var positionSource: String
  /// What each variant decided, by spec.
  var decisions: [(spec: String, outcome: ReplayOutcome)]
  /// The estimator of release velocities the trace does not record.
  var estimator: VelocityEstimator

  /// Prepares `trace` (in points); `start` is the touch-down point the
  /// translations are added to, else the trace's locations are used;
  /// `nil` when it has neither.
  init?(
    _ trace: Trace, start: Vector2D?, variants: [Variant], replayer: Replayer
  ) {
    self.trace = trace
    if let start {
      touchDown = start
      positions = trace.events.map { start + $0.translation }
      positionSource = "its translations from the start point \(Self.point(start))"
    } else {
      let locations = trace.events.compactMap(\.location)
      guard let first = trace.events.first, locations.count == trace.events.count else {
        return nil
      }
      touchDown = locations[0] - first.translation
      positions = locations
      positionSource = "its recorded locations"
    }
    decisions = variants.map { ($0.spec, replayer.outcome(of: trace, with: $0)) }
    estimator = replayer.estimator
  }

  /// A point as `(x, y)`, numbers as the generated code writes them.
  static func point(_ point: Vector2D) -> String {
    "(\(SwiftLiteral.number(point.x)), \(SwiftLiteral.number(point.y)))"
  }

  /// The sentences of the test's documentation: what the trace is.
  func summary(file: String) -> [String] {
    var lines = [
      "Trace '\(trace.id)' of \(file): \(trace.events.count) events over "
        + "\(trace.duration) s; positions from \(positionSource)."
    ]
    let metadata = trace.metadata
    let tags = [
      ("intent", metadata.intent?.rawValue ?? metadata.intendedStop), ("target", metadata.target),
    ]
    .compactMap { key, value in value.map { "\(key): \($0)" } }
    if !tags.isEmpty { lines.append(tags.joined(separator: "; ") + ".") }
    return lines
  }

  /// The closing comment of a test: what the replay decided per variant,
  /// then one `// expected:` line each to turn into an assertion.
  func expectationLines() -> [String] {
    guard !decisions.isEmpty else {
      return [
        "// expected: nothing recorded; pass --variant SPEC to 'gesturetrace export' to "
          + "record what GestureTrace decides"
      ]
    }
    var lines = ["// GestureTrace's replay (a virtual clock, from the first event) decided:"]
    for decision in decisions {
      lines.append(
        "//   \(decision.spec): \(decision.outcome.outcome), decided at "
          + "\(decision.outcome.decidedAt) s, settled at \(decision.outcome.settledAt) s")
    }
    lines.append("// Assert that your view's state shows the same outcome:")
    for decision in decisions {
      lines.append("// expected: \(decision.spec) → \(decision.outcome.outcome)")
    }
    return lines
  }
}

/// Text the generated Swift is made of: literals and identifiers.
enum SwiftLiteral {
  /// A number as a Swift float literal, rounded to 1/1000 (of a point):
  /// `195`, `-3.5`, `700.125`.
  static func number(_ value: Double) -> String {
    var text = fixed(value, 3)
    guard text.contains("."), !text.contains("e") else { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// Test method names for trace ids, in order: `test` followed by the id
  /// with every character that cannot be in an identifier made `_`, and a
  /// number added where two would be the same.
  static func testNames(_ ids: [String]) -> [String] {
    var taken: Set<String> = []
    return ids.map { id in
      let base =
        "testTrace_" + String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
      var name = base
      var counter = 2
      while !taken.insert(name).inserted {
        name = "\(base)_\(counter)"
        counter += 1
      }
      return name
    }
  }
}
