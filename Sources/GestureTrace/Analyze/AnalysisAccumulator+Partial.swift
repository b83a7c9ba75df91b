/// An accumulator's counts as a partial summary keeps them (its per-trace
/// numbers are kept apart, one line per trace: see ``AnalysisPartial``).
extension AnalysisAccumulator {
  /// Appends the counts as one JSON object.
  // NB: everything ``merge(_:)`` reads but the per-trace numbers, so an
  // accumulator read back merges exactly as the one written would.
  func appendCounts(to output: inout String) {
    output += "{\"traces\":" + String(traceCount)
    output += ",\"outcomes\":["
    for (index, counts) in outcomeCounts.enumerated() {
      output += index == 0 ? "[" : ",["
      for (position, item) in counts.enumerated() {
        output += position == 0 ? "[" : ",["
        PartialText.append(item.outcome.description, to: &output)
        output += "," + String(item.count) + "]"
      }
      output += "]"
    }
    output += "],\"same\":"
    PartialText.append(same, to: &output)
    output += ",\"meant\":"
    PartialText.append(meantCounts, to: &output)
    output += ",\"sources\":"
    PartialText.append(sourceCounts, to: &output)
    output += ",\"labelledSources\":"
    PartialText.append(labelledCounts, to: &output)
    output += ",\"disagreementCounts\":"
    PartialText.append(disagreementCounts, to: &output)
    output += ",\"disagreements\":["
    for (index, item) in disagreements.enumerated() {
      output += index == 0 ? "[" : ",["
      PartialText.append(item.trace, to: &output)
      output += ","
      PartialText.append(item.outcomes.map(\.description), to: &output)
      output += ","
      PartialText.append(item.axis, to: &output)
      for number in [item.velocity, item.distance, item.duration, item.pauseBeforeLift] {
        output += ","
        PartialText.append(number, to: &output)
      }
      output += ","
      PartialText.append(item.transitions, to: &output)
      output += "]"
    }
    output += "],\"nearCounts\":"
    PartialText.append(nearCounts, to: &output)
    output += ",\"near\":["
    for (index, item) in near.enumerated() {
      output += index == 0 ? "[" : ",["
      PartialText.append(item.trace, to: &output)
      output += "," + String(item.variant) + ","
      PartialText.append(item.threshold, to: &output)
      output += ","
      PartialText.append(item.value, to: &output)
      output += ","
      PartialText.append(item.peak, to: &output)
      output += ","
      PartialText.append(item.outcome.description, to: &output)
      output += "]"
    }
    output += "],\"labelled\":" + String(labelled)
    output += ",\"unscored\":" + String(unscored)
    output += ",\"untargeted\":" + String(untargeted)
    output += ",\"targets\":"
    PartialText.append(targets, to: &output)
    output += ",\"scores\":"
    Self.append(scores, to: &output)
    output += ",\"onlyFirst\":"
    PartialText.append(onlyFirst, to: &output)
    output += ",\"sweepCompletes\":["
    for (index, completes) in sweepCompletes.enumerated() {
      if index > 0 { output += "," }
      PartialText.append(completes, to: &output)
    }
    output += "],\"sweepScores\":["
    for (index, values) in sweepScores.enumerated() {
      output += index == 0 ? "[" : ",["
      for (position, folds) in values.enumerated() {
        if position > 0 { output += "," }
        Self.append(folds, to: &output)
      }
      output += "]"
    }
    output += "],\"sweepChanging\":"
    PartialText.append(sweepChanging, to: &output)
    output += ",\"sweepTraces\":"
    PartialText.append(sweepCounts, to: &output)
    output += ",\"stability\":"
    stability.appendCounts(to: &output)
    output += ",\"decisionMaps\":"
    decisionMaps.appendCounts(to: &output)
    output += "}"
  }

  /// Appends scores, each as its four counts, then, when it counts stop
  /// labels, a fifth element: `[name, meant, correct, decided]` per stop.
  private static func append(_ scores: [IntentScore], to output: inout String) {
    output += "["
    for (index, score) in scores.enumerated() {
      if index > 0 { output += "," }
      let counts = [
        score.truePositives, score.falseNegatives, score.falsePositives, score.trueNegatives,
      ]
      guard score.isMultiStop else {
        PartialText.append(counts, to: &output)
        continue
      }
      output += "["
      for count in counts { output += String(count) + "," }
      output += "["
      for (position, tally) in score.stops.enumerated() {
        output += position == 0 ? "[" : ",["
        PartialText.append(tally.name, to: &output)
        output += "," + String(tally.meant) + "," + String(tally.correct)
        output += "," + String(tally.decided) + "]"
      }
      output += "]]"
    }
    output += "]"
  }

  /// Reads back the counts ``appendCounts(to:)`` wrote for `plan`, with no
  /// per-trace numbers.
  init(counts value: JSONValue, in line: PartialLine, plan: AnalysisPlan) throws(PartialProblem) {
    self.init(plan: plan)
    let n = variantCount
    traceCount = try line.integer(line.member("traces", of: value))
    // NB: counts of traces are at most the traces (which the lines
    // counted); larger ones would be nonsense, and slow the exact tests.
    let most = 0...traceCount
    let sourceCount = LabelSource.allCases.count
    let transitionCount = transitionNames.count
    let outcomes = try line.array(line.member("outcomes", of: value), count: sourceCount * n)
    for (index, list) in outcomes.enumerated() {
      for item in try line.array(list) {
        let pair = try line.array(item, count: 2)
        let outcome = try line.outcome(pair[0])
        guard !outcomeCounts[index].contains(where: { $0.outcome == outcome }) else {
          throw line.problem(at: pair[0], "expected each outcome once, found it again")
        }
        outcomeCounts[index].append((outcome, try line.integer(pair[1], in: most)))
      }
    }
    same = try Self.integers(line.member("same", of: value), count: n * n, in: line, most: most)
    meantCounts = try Self.integers(
      line.member("meant", of: value), count: transitionCount * sourceCount, in: line, most: most)
    sourceCounts = try Self.integers(
      line.member("sources", of: value), count: sourceCount, in: line, most: most)
    labelledCounts = try Self.integers(
      line.member("labelledSources", of: value), count: sourceCount, in: line, most: most)
    disagreementCounts = try Self.integers(
      line.member("disagreementCounts", of: value), count: transitionCount, in: line, most: most)
    let listedDisagreements = try line.array(line.member("disagreements", of: value))
    guard listedDisagreements.count <= AnalysisSummary.listLimit else {
      throw line.problem(
        at: value, "expected at most \(AnalysisSummary.listLimit) disagreements, found more")
    }
    for item in listedDisagreements {
      let fields = try line.array(item, count: 8)
      let outcomes = try line.array(fields[1], count: n)
      var listed: [TransitionOutcome] = []
      for outcome in outcomes { listed.append(try line.outcome(outcome)) }
      disagreements.append(
        Disagreement(
          trace: try line.string(fields[0]), outcomes: listed, axis: try line.string(fields[2]),
          velocity: try line.double(fields[3]), distance: try line.double(fields[4]),
          duration: try line.double(fields[5]), pauseBeforeLift: try line.double(fields[6]),
          transitions: try Self.integers(
            fields[7], count: nil, in: line, most: 0...max(0, transitionCount - 1))))
    }
    nearCounts = try Self.integers(
      line.member("nearCounts", of: value), count: transitionCount, in: line,
      most: 0...Int.max)
    let listedNear = try line.array(line.member("near", of: value))
    guard listedNear.count <= AnalysisSummary.listLimit else {
      throw line.problem(
        at: value, "expected at most \(AnalysisSummary.listLimit) near-threshold runs, found more")
    }
    for item in listedNear {
      let fields = try line.array(item, count: 6)
      near.append(
        NearThreshold(
          trace: try line.string(fields[0]),
          variant: try line.integer(fields[1], in: 0...max(0, n - 1)),
          threshold: try line.string(fields[2]), value: try line.double(fields[3]),
          peak: try line.double(fields[4]), outcome: try line.outcome(fields[5])))
    }
    labelled = try line.integer(line.member("labelled", of: value), in: most)
    unscored = try line.integer(line.member("unscored", of: value), in: most)
    untargeted = try line.integer(line.member("untargeted", of: value), in: most)
    for target in try line.array(line.member("targets", of: value)) {
      let name = try line.string(target)
      guard !targets.contains(name) else {
        throw line.problem(at: target, "expected each target once, found it again")
      }
      targets.append(name)
    }
    scores = try Self.scores(
      line.member("scores", of: value), count: sourceCount * n, in: line, most: most)
    onlyFirst = try Self.integers(
      line.member("onlyFirst", of: value), count: sourceCount * n * n, in: line, most: most)
    let completes = try line.array(
      line.member("sweepCompletes", of: value), count: sweepCompletes.count)
    let sweepScoreLists = try line.array(
      line.member("sweepScores", of: value), count: sweepScores.count)
    for sweep in sweepCompletes.indices {
      let cells = sweepCompletes[sweep].count
      sweepCompletes[sweep] = try Self.integers(
        completes[sweep], count: cells, in: line, most: most)
      let values = try line.array(sweepScoreLists[sweep], count: cells)
      for position in 0..<cells {
        sweepScores[sweep][position] = try Self.scores(
          values[position], count: sourceCount * SweepSummary.folds, in: line, most: most)
      }
    }
    sweepChanging = try Self.integers(
      line.member("sweepChanging", of: value), count: sweepChanging.count, in: line, most: most)
    sweepCounts = try Self.integers(
      line.member("sweepTraces", of: value), count: sweepCounts.count, in: line, most: most)
    stability = try StabilityAccumulator(
      counts: line.member("stability", of: value), in: line, plan: plan, most: most)
    try decisionMaps.read(line.member("decisionMaps", of: value), in: line, most: most)
  }

  /// An array of `count` whole numbers.
  static func integers(
    _ value: JSONValue, count: Int?, in line: PartialLine, most: ClosedRange<Int>
  ) throws(PartialProblem) -> [Int] {
    var numbers: [Int] = []
    let elements: [JSONValue]
    if let count {
      elements = try line.array(value, count: count)
    } else {
      elements = try line.array(value)
    }
    for element in elements {
      numbers.append(try line.integer(element, in: most))
    }
    return numbers
  }

  private static func scores(
    _ value: JSONValue, count: Int, in line: PartialLine, most: ClosedRange<Int>
  ) throws(PartialProblem) -> [IntentScore] {
    var scores: [IntentScore] = []
    for element in try line.array(value, count: count) {
      let fields = try line.array(element)
      guard fields.count == 4 || fields.count == 5 else {
        throw line.problem(
          at: element, "expected 4 counts and optionally the stops, found \(fields.count) elements")
      }
      var numbers: [Int] = []
      for field in fields.prefix(4) { numbers.append(try line.integer(field, in: most)) }
      var score = IntentScore()
      score.truePositives = numbers[0]
      score.falseNegatives = numbers[1]
      score.falsePositives = numbers[2]
      score.trueNegatives = numbers[3]
      if fields.count == 5 {
        for item in try line.array(fields[4]) {
          let tally = try line.array(item, count: 4)
          let name = try line.string(tally[0])
          // NB: a stop's name, or another outcome a variant with stops
          // decided (it is counted under its word).
          guard TransitionOutcome(name) != nil else {
            throw line.problem(at: tally[0], "expected an outcome, found \(line.quoted(tally[0]))")
          }
          guard score.stops.last.map({ $0.name.utf8.lexicographicallyPrecedes(name.utf8) }) ?? true
          else {
            throw line.problem(at: tally[0], "expected stops in name order, once each")
          }
          let meant = try line.integer(tally[1], in: most)
          let correct = try line.integer(tally[2], in: 0...meant)
          score.stops.append(
            IntentScore.StopTally(
              name: name, meant: meant, correct: correct,
              decided: try line.integer(tally[3], in: correct...most.upperBound)))
        }
      }
      scores.append(score)
    }
    return scores
  }

  /// Appends one trace's per-trace numbers (``appendValues(of:to:)``),
  /// read from a partial summary, after those held.
  package mutating func appendValues(_ values: ArraySlice<Double>) {
    rows.append(contentsOf: values)
  }
}

extension StabilityAccumulator {
  /// Appends the counts as one JSON object.
  func appendCounts(to output: inout String) {
    output += "{\"counted\":"
    PartialText.append(counted, to: &output)
    output += ",\"flipped\":"
    PartialText.append(flipped, to: &output)
    output += ",\"anyFlipped\":"
    PartialText.append(anyFlipped, to: &output)
    output += ",\"fragile\":["
    for (index, list) in fragile.enumerated() {
      output += index == 0 ? "[" : ",["
      for (position, item) in list.enumerated() {
        output += position == 0 ? "[" : ",["
        PartialText.append(item.trace, to: &output)
        output += "," + String(item.flips) + ","
        PartialText.append(item.outcome.description, to: &output)
        output += ","
        PartialText.append(item.threshold, to: &output)
        output += ","
        PartialText.append(item.value, to: &output)
        output += ","
        PartialText.append(item.peak, to: &output)
        output += "]"
      }
      output += "]"
    }
    output += "]}"
  }

  /// Reads back the counts ``appendCounts(to:)`` wrote for `plan`.
  init(
    counts value: JSONValue, in line: PartialLine, plan: AnalysisPlan, most: ClosedRange<Int>
  ) throws(PartialProblem) {
    self.init(plan: plan)
    counted = try AnalysisAccumulator.integers(
      line.member("counted", of: value), count: counted.count, in: line, most: most)
    flipped = try AnalysisAccumulator.integers(
      line.member("flipped", of: value), count: flipped.count, in: line, most: most)
    anyFlipped = try AnalysisAccumulator.integers(
      line.member("anyFlipped", of: value), count: anyFlipped.count, in: line, most: most)
    let lists = try line.array(line.member("fragile", of: value), count: fragile.count)
    for (variant, list) in lists.enumerated() {
      let items = try line.array(list)
      guard items.count <= StabilitySummary.listLimit else {
        throw line.problem(
          at: list, "expected at most \(StabilitySummary.listLimit) fragile traces, found more")
      }
      for item in items {
        let fields = try line.array(item, count: 6)
        fragile[variant].append(
          FragileTrace(
            trace: try line.string(fields[0]), flips: try line.mask(fields[1]),
            outcome: try line.outcome(fields[2]), threshold: try line.optionalString(fields[3]),
            value: try line.optionalDouble(fields[4]), peak: try line.optionalDouble(fields[5])))
      }
    }
  }
}

extension GroupedAccumulator {
  /// Appends one trace's per-trace numbers, read from a partial summary,
  /// to all traces' and to its group's (`group` is `nil` without
  /// grouping); its counts come with the partial's summary
  /// (``merge(_:)``).
  package mutating func appendValues(_ values: ArraySlice<Double>, group: String?) {
    overall.appendValues(values)
    guard plan.groupBy != nil else { return }
    groups[group ?? "(none)", default: AnalysisAccumulator(plan: plan)].appendValues(values)
  }
}
