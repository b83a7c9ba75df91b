import GestureTrace

/// What `check` found: every listed trace's decisions next to the expected
/// ones, with the reasons of those that changed, as text, JSON or JUnit XML.
struct CheckReport {
  /// One trace of the table, replayed.
  struct CheckedTrace: Sendable {
    /// The trace id.
    var id: String
    /// Its row's line in the table.
    var line: Int
    /// What the table expects, one cell per variant.
    var expected: [ExpectedOutcomes.Cell]
    /// What each variant decides now.
    var now: [TransitionOutcome]
    /// Why, for each variant whose decision changed; `nil` elsewhere.
    var reasons: [DecisionReason?]

    /// Whether variant `index` decides other than expected.
    func isChanged(_ index: Int) -> Bool { !expected[index].accepts(now[index]) }
  }

  /// The table's path, as given.
  var table: String
  /// The trace files replayed.
  var inputs: [String]
  /// The table's variants.
  var variants: [Variant]
  /// The table's traces, in its order.
  var traces: [CheckedTrace]
  /// The traces of the inputs the table does not list (not checked).
  var unlistedCount: Int
  /// Whether the table was rewritten with today's outcomes (`--update`).
  var updated = false

  /// Every decision checked: traces × variants.
  var decisionCount: Int { traces.count * variants.count }

  /// The decisions that differ from the table, trace by trace.
  var changes: [(trace: CheckedTrace, variant: Int)] {
    traces.flatMap { trace in
      trace.expected.indices.filter { trace.isChanged($0) }.map { (trace, $0) }
    }
  }

  /// The number of decisions that differ from the table.
  var changedCount: Int {
    traces.reduce(0) { count, trace in
      count + trace.expected.indices.filter { trace.isChanged($0) }.count
    }
  }

  /// The number of `*` cells (either outcome accepted).
  var eitherCount: Int {
    traces.reduce(0) { $0 + $1.expected.filter { $0 == .any }.count }
  }

  /// The report in `format`.
  func rendered(_ format: CheckFormat) -> String {
    switch format {
    case .text: return text()
    case .json: return json()
    case .junit: return junit()
    }
  }

  /// The text report, within 100 columns: a summary line, the variants,
  /// then each changed decision with its reason.
  func text() -> String {
    let changed = changedCount
    let scope =
      "\(counted(traces.count, "trace")) × \(counted(variants.count, "variant"))"
    var summary: String
    if changed == 0 {
      summary = "All \(counted(decisionCount, "decision")) as expected (\(scope))"
    } else {
      summary = "\(changed) of \(counted(decisionCount, "decision")) changed (\(scope))"
    }
    // NB: every name from input is escaped: no control character reaches
    // the terminal.
    let table = self.table.escapingControlCharacters
    summary += " against \(table)"
    let either = eitherCount
    if either > 0 { summary += "; \(either) accept either outcome ('*')" }
    summary += "."
    if updated {
      summary += changed == 0 ? " Nothing to update." : " Updated \(table) to today's outcomes."
    }
    var text = wrapped(summary, indent: 0)
    if unlistedCount > 0 {
      text += wrapped(
        "\(counted(unlistedCount, "trace")) of the inputs \(unlistedCount == 1 ? "is" : "are") "
          + "not in the table and \(unlistedCount == 1 ? "was" : "were") not checked.", indent: 0)
    }
    text += "Variants:\n"
    for (index, variant) in variants.enumerated() {
      text += wrapped("[\(index + 1)] \(variant.spec.escapingControlCharacters)", indent: 2)
    }
    let changes = self.changes
    guard !changes.isEmpty else { return text }
    text += "Changed (trace, variant: expected → now; why):\n"
    for (trace, index) in changes {
      text += wrapped(
        "\(trace.id.escapingControlCharacters) [\(index + 1)]: expected "
          + "\(trace.expected[index].text.escapingControlCharacters), now "
          + "\(trace.now[index].description.escapingControlCharacters)", indent: 2)
      if let reason = trace.reasons[index] {
        text += wrapped(reason.text.escapingControlCharacters, indent: 4)
      }
    }
    return text
  }

  /// The JSON report: counts, variants and every changed decision.
  func json() -> String {
    var json = JSONText()
    json.object(breaksLines: true) { json in
      json.integer("version", 1)
      json.string("table", table)
      json.array("inputs") { json in for input in inputs { json.string(input) } }
      json.array("variants") { json in for variant in variants { json.string(variant.spec) } }
      json.integer("traces", traces.count)
      json.integer("decisions", decisionCount)
      json.integer("changed", changedCount)
      json.integer("either", eitherCount)
      json.integer("unlisted", unlistedCount)
      json.literal("updated", updated ? "true" : "false")
      json.array("changes", breaksLines: true) { json in
        for (trace, index) in changes { change(trace, index, into: &json) }
      }
    }
    return json.text + "\n"
  }

  /// One changed decision as a JSON object.
  private func change(_ trace: CheckedTrace, _ index: Int, into json: inout JSONText) {
    json.object { json in
      json.string("trace", trace.id)
      json.integer("line", trace.line)
      json.string("variant", variants[index].spec)
      json.string("expected", trace.expected[index].text)
      json.string("now", trace.now[index].description)
      guard let reason = trace.reasons[index] else { return }
      json.string("reason", reason.text)
      json.array("thresholds") { json in
        for peak in reason.peaks {
          json.object { json in
            json.string("name", peak.threshold.name)
            json.string("property", peak.threshold.property)
            json.number("value", peak.threshold.value)
            json.number("peak", peak.peak)
            json.number("crossedAt", peak.crossing?.seconds)
          }
        }
      }
      json.string("rule", reason.rule?.name)
      json.vector("releaseVelocity", reason.releaseVelocity)
    }
  }

  /// `count` with the noun, plural when not 1.
  private func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// Text wrapped to 100 columns, every line indented by `indent`.
  private func wrapped(_ text: String, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    return HelpText.wrapLines(text, width: 100 - indent).map { pad + $0 + "\n" }.joined()
  }
}

/// The output formats of `check`.
enum CheckFormat: String, CaseIterable, Sendable {
  case text, json, junit
}
