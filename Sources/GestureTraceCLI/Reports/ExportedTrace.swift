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

  /// The sentences of the test's documentation: what the trace is; what
  /// comes from input is escaped for a comment (``SwiftLiteral/comment(_:)``).
  func summary(file: String) -> [String] {
    var lines = [
      "Trace '\(SwiftLiteral.comment(trace.id))' of \(SwiftLiteral.comment(file)): "
        + "\(trace.events.count) events over "
        + "\(trace.duration) s; positions from \(positionSource)."
    ]
    let metadata = trace.metadata
    let tags = [
      ("intent", metadata.intent?.rawValue ?? metadata.intendedStop), ("target", metadata.target),
    ]
    .compactMap { key, value in value.map { "\(key): \(SwiftLiteral.comment($0))" } }
    if !tags.isEmpty { lines.append(tags.joined(separator: "; ") + ".") }
    return lines
  }

  /// The closing comment of a test: what the replay decided per variant,
  /// then one `// expected:` line each to turn into an assertion; specs
  /// are escaped for a comment.
  func expectationLines() -> [String] {
    guard !decisions.isEmpty else {
      return [
        "// expected: nothing recorded; pass --variant SPEC to 'gesturetrace export' to "
          + "record what GestureTrace decides"
      ]
    }
    var lines = ["// GestureTrace's replay (a virtual clock, from the first event) decided:"]
    let specs = decisions.map { SwiftLiteral.comment($0.spec) }
    for (decision, spec) in zip(decisions, specs) {
      lines.append(
        "//   \(spec): \(decision.outcome.outcome), decided at "
          + "\(decision.outcome.decidedAt) s, settled at \(decision.outcome.settledAt) s")
    }
    lines.append("// Assert that your view's state shows the same outcome:")
    for (decision, spec) in zip(decisions, specs) {
      lines.append("// expected: \(spec) → \(decision.outcome.outcome)")
    }
    return lines
  }
}

/// Text the generated Swift is made of: literals, identifiers and
/// comments, each made safe for where it lands.
///
/// Every string from input (the input's path, trace ids, metadata values,
/// variant specs) lands in a `//` or `///` comment, through ``comment(_:)``,
/// or in a test method's name, through ``testNames(_:)``; none lands in a
/// string literal or a `/* */` comment. Every number lands as a float
/// literal through ``finite(_:_:trace:)``, which refuses what is not finite.
enum SwiftLiteral {
  /// The largest number of characters of an id kept in a test name.
  static let longestNamePart = 64

  /// A number as a Swift float literal, rounded to 1/1000 (of a point):
  /// `195`, `-3.5`, `700.125`; from 9e12 on, the shortest form that reads
  /// back (`1e+300`), also a valid literal. `value` must be finite: `inf`
  /// and `nan` are no Swift literal (``finite(_:_:trace:)`` checks).
  static func number(_ value: Double) -> String {
    var text = fixed(value, 3)
    guard text.contains("."), !text.contains("e") else { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// A number the generated code uses, as ``number(_:)`` writes it.
  ///
  /// - Throws: a data error (65) naming the trace and `what` the number is
  ///   when it is not finite: a valid trace's extreme values (translations
  ///   near the largest double, microseconds between far-apart points) can
  ///   make a position or a speed overflow, and the file would not compile.
  static func finite(
    _ value: Double, _ what: @autoclosure () -> String, trace id: String
  ) throws(CommandError) -> String {
    guard value.isFinite else {
      throw .dataError(
        "Trace '\(id.escapingControlCharacters)' cannot be exported: \(what()) is beyond "
          + "the largest double (±1.7976931348623157e+308), which a Swift test cannot write")
    }
    return number(value)
  }

  /// Text from input made safe inside a `//` or `///` comment, which ends
  /// at the first line feed or carriage return (the only line ends of
  /// Swift's lexer): every control character escaped (C0 with line feeds,
  /// DEL and C1, as ``Swift/String/escapingControlCharacters`` does), and so
  /// are the Unicode line and paragraph separators (which other tools read
  /// as line ends) and the bidirectional formatting characters (which make
  /// an editor show code in an order it does not have), as `\uXXXX`.
  static func comment(_ text: String) -> String {
    let escaped = text.escapingControlCharacters
    guard escaped.unicodeScalars.contains(where: isHiddenFormatting) else { return escaped }
    var result = ""
    for scalar in escaped.unicodeScalars {
      if isHiddenFormatting(scalar) {
        let digits = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a scalar is a line or paragraph separator or a bidirectional
  /// formatting character (the "Trojan Source" ones).
  private static func isHiddenFormatting(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Test method names for trace ids, in order: `testTrace_` followed by
  /// the id's first ``longestNamePart`` characters with every character
  /// that is not an ASCII letter or digit made `_`, and a number added
  /// where two would be the same. Each is an identifier (never a keyword,
  /// thanks to the prefix) and none is another's.
  static func testNames(_ ids: [String]) -> [String] {
    var taken: Set<String> = []
    return ids.map { id in
      let part = id.prefix(longestNamePart).map {
        $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_"
      }
      let base = "testTrace_" + String(part)
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
