/// The partial summary format: what `analyze --partial` writes and `merge`
/// reads, one JSON object a line (docs/partial-format.md).
///
/// A partial holds everything the reports of its traces need: a header
/// line with the format, its version, the plan and the files read; one
/// line per trace with its id, group, per-trace numbers and CSV row, in
/// input order; the sample traces; and a summary line with the counts.
/// Partials of consecutive runs of traces merge, in input order, into
/// exactly what one analysis of all their traces gives.
package enum PartialFormat {
  /// The format's name, in the header line.
  package static let formatName = "gesturetrace-partial"
  /// The format's version, in the header line.
  package static let version = 2

  /// The header line, ending with a line feed.
  package static func header(plan: AnalysisPlan, files: [String]) -> String {
    var text = "{\"format\":"
    PartialText.append(formatName, to: &text)
    text += ",\"version\":" + String(version) + ",\"plan\":{"
    for (index, field) in planFields(plan).enumerated() {
      if index > 0 { text += "," }
      PartialText.append(field.name, to: &text)
      text += ":" + field.json
    }
    text += "},\"files\":"
    PartialText.append(files, to: &text)
    return text + "}\n"
  }

  /// Why lines of a partial in `text` cannot be written: one is longer
  /// than ``PartialLineBuffer/maximumLineLength`` bytes or holds more than
  /// ``PartialLineBuffer/maximumValueCount`` values, which no reader
  /// takes; `nil` when none does.
  // NB: only text longer than a limit is scanned: the common case is one
  // comparison.
  package static func lineLimitProblem(
    _ text: String, limit: Int = PartialLineBuffer.maximumLineLength,
    values: Int = PartialLineBuffer.maximumValueCount
  ) -> String? {
    guard text.utf8.count >= min(limit, values) else { return nil }
    let advice =
      " (a header of too many files, a summary of too many groups, or a sample trace too long); "
      + "split the traces into more partials"
    for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      guard line.count <= limit else {
        return "expected partial lines of at most \(limit) bytes, found a longer one" + advice
      }
      guard PartialLineBuffer.valueLimitOffset(line, limit: values) == nil else {
        return "expected partial lines of at most \(values) values, found more" + advice
      }
    }
    return nil
  }

  /// The plan's settings as the header writes them, in order: each name
  /// with its JSON text.
  static func planFields(_ plan: AnalysisPlan) -> [(name: String, json: String)] {
    func json(_ texts: [String]) -> String {
      var text = ""
      PartialText.append(texts, to: &text)
      return text
    }
    var groupBy = ""
    PartialText.append(plan.groupBy, to: &groupBy)
    var estimator = ""
    PartialText.append(plan.replayer.estimator.name, to: &estimator)
    return [
      ("variants", json(plan.variants.map(\.spec))),
      ("sweeps", json(plan.sweeps.map(\.spec))),
      ("fps", String(plan.replayer.framesPerSecond)),
      ("estimator", estimator),
      ("groupBy", groupBy),
      ("perturbations", json(plan.perturbations.map(\.name))),
    ]
  }

  /// The first setting in which two plans' fields (``planFields(_:)``)
  /// differ: its name and both values as written; `nil` when none does.
  static func difference(
    between these: [(name: String, json: String)], and others: [(name: String, json: String)]
  ) -> (setting: String, this: String, other: String)? {
    for (mine, theirs) in zip(these, others) where mine.json != theirs.json {
      return (mine.name, mine.json, theirs.json)
    }
    return nil
  }

  /// A trace's line, ending with a line feed: its id, its group (when the
  /// plan groups), its per-trace numbers and its CSV row (`row`, without
  /// its line feed).
  package static func traceLine(
    _ trace: TraceAnalysis, plan: AnalysisPlan, row: Substring
  ) -> String {
    var text = "{\"id\":"
    PartialText.append(trace.features.id, to: &text)
    if let group = trace.group {
      text += ",\"group\":"
      PartialText.append(group, to: &text)
    }
    text += ",\"values\":["
    var values: [Double] = []
    AnalysisAccumulator.appendValues(of: trace, plan: plan, to: &values)
    for (index, value) in values.enumerated() {
      if index > 0 { text += "," }
      PartialText.append(value, to: &text)
    }
    text += "],\"row\":"
    PartialText.append(String(row), to: &text)
    return text + "}\n"
  }

  /// A sample trace's line, ending with a line feed: the trace as a JSON
  /// Lines trace object, in a string.
  static func sampleLine(_ trace: Trace) -> String {
    var encoded = ""
    JSONLinesEncoder().encode(trace, into: &encoded)
    if encoded.last == "\n" { encoded.removeLast() }
    var text = "{\"sample\":"
    PartialText.append(encoded, to: &text)
    return text + "}\n"
  }

  /// The summary line, ending with a line feed.
  static func summaryLine(_ summary: PartialSummary) -> String {
    var text = "{\"summary\":"
    summary.accumulator.overall.appendCounts(to: &text)
    text += ",\"groups\":["
    for (index, name) in summary.accumulator.groups.keys.sorted().enumerated() {
      text += index == 0 ? "[" : ",["
      PartialText.append(name, to: &text)
      text += ","
      summary.accumulator.groups[name]!.appendCounts(to: &text)
      text += "]"
    }
    text += "],\"leftOut\":" + String(summary.leftOutCount) + ",\"leftOutUnits\":"
    PartialText.append(summary.leftOutUnits, to: &text)
    text += ",\"metadataKeys\":"
    PartialText.append(summary.canonicalMetadataKeys, to: &text)
    return text + "}\n"
  }
}

/// A partial's header: its plan and the files it was made from.
package struct PartialHeader: Sendable {
  /// The plan the traces were analyzed with.
  package var plan: AnalysisPlan
  /// The files read, in order, as the reports name them.
  package var files: [String]
  /// The plan's settings as written, for comparing plans.
  let planFields: [(name: String, json: String)]

  /// The first setting in which another partial's plan differs from this
  /// one: its name and both values as written; `nil` when the plans are
  /// the same.
  package func difference(from other: PartialHeader) -> (
    setting: String, this: String, other: String
  )? {
    PartialFormat.difference(between: planFields, and: other.planFields)
  }
}

/// One trace of a partial: its id, group and per-trace numbers, and its
/// CSV row.
package struct PartialTrace: Sendable {
  /// The trace id.
  package var id: String
  /// Its group, when the plan groups.
  package var group: String?
  /// Its per-trace numbers (``AnalysisAccumulator/appendValues(of:to:)``).
  package var values: [Double]
  /// Its row of `analyze --format csv`, without the line feed.
  package var row: String
}

/// What a partial's summary line holds: the counts of its traces and of
/// those left out.
package struct PartialSummary: Sendable {
  /// The counts, without per-trace numbers.
  var accumulator: GroupedAccumulator
  /// Traces left out for want of a scale.
  package var leftOutCount: Int
  /// Their units, sorted.
  package var leftOutUnits: [String]
  /// With a group-by key, the metadata keys of the traces (just the key
  /// when a trace has it, which is all a report needs to know).
  package var metadataKeys: Set<String>

  /// A summary.
  init(
    accumulator: GroupedAccumulator, leftOutCount: Int, leftOutUnits: [String],
    metadataKeys: Set<String>
  ) {
    self.accumulator = accumulator
    self.leftOutCount = leftOutCount
    self.leftOutUnits = leftOutUnits
    self.metadataKeys = metadataKeys
  }

  /// The metadata keys as written: sorted, only the group-by key when a
  /// trace has it, none without one.
  // NB: how many other keys were gathered before the key was met depends
  // on how the traces were split; only whether it was met is said.
  var canonicalMetadataKeys: [String] {
    guard let key = accumulator.plan.groupBy else { return [] }
    return metadataKeys.contains(key) ? [key] : metadataKeys.sorted()
  }
}

/// One line of a partial, read.
package enum PartialItem: Sendable {
  /// The header (the first line).
  case header(PartialHeader)
  /// A trace, in input order.
  case trace(PartialTrace)
  /// A sample trace, in input order.
  case sample(Trace)
  /// The summary (the last line).
  case summary(PartialSummary)
}
