/// An accumulator's counts as a partial summary keeps them (its per-trace
/// numbers are kept apart, one line per trace: see ``PartialFormat``).
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
  ///
  /// Every count is bounded by what it counts, and the counts are checked
  /// against each other as ``add(_:)`` makes them: the outcomes of a
  /// variant add up to the traces meant for its transition, the label
  /// sources to the traces, the labelled sources to the labelled traces,
  /// and so on (docs/partial-format.md). Near-threshold runs are at most
  /// the traces meant for a transition times its variants' thresholds that
  /// decide, and at most ``PartialLine/countLimit``; numbers the writer
  /// only writes finite must be finite.
  init(counts value: JSONValue, in line: PartialLine, plan: AnalysisPlan) throws(PartialProblem) {
    self.init(plan: plan)
    let n = variantCount
    let tracesValue = try line.member("traces", of: value)
    traceCount = try line.integer(tracesValue)
    let most = 0...traceCount
    let sourceCount = LabelSource.allCases.count
    let transitionCount = transitionNames.count
    // Per label source: the traces.
    let sourcesValue = try line.member("sources", of: value)
    sourceCounts = try Self.integers(sourcesValue, count: sourceCount, in: line, most: most)
    try line.check(
      sourceCounts.reduce(0, +) == traceCount, at: sourcesValue,
      "expected traces per label source adding up to the traces, \(traceCount), "
        + "found \(sourceCounts.reduce(0, +))")
    // Per transition and label source: the traces meant for it.
    let meantValue = try line.member("meant", of: value)
    meantCounts = try Self.integers(
      meantValue, count: transitionCount * sourceCount, in: line, most: most)
    for index in meantCounts.indices {
      try line.check(
        meantCounts[index] <= sourceCounts[index % sourceCount], at: meantValue,
        "expected traces meant for a transition at most the traces of their label source, "
          + "\(sourceCounts[index % sourceCount]), found \(meantCounts[index])")
    }
    // The traces meant for a transition, of every label source.
    let meantTotals = transitionNames.indices.map { transition in
      (0..<sourceCount).reduce(0) { $0 + meantCounts[transition * sourceCount + $1] }
    }
    let outcomesValue = try line.member("outcomes", of: value)
    let outcomes = try line.array(outcomesValue, count: sourceCount * n)
    for (index, list) in outcomes.enumerated() {
      let meant = meantCounts[variantTransitions[index % n] * sourceCount + index / n]
      var sum = 0
      for item in try line.array(list) {
        let pair = try line.array(item, count: 2)
        let outcome = try line.outcome(pair[0])
        guard !outcomeCounts[index].contains(where: { $0.outcome == outcome }) else {
          throw line.problem(at: pair[0], "expected each outcome once, found it again")
        }
        let count = try line.integer(pair[1], in: 1...max(1, meant))
        sum += count
        outcomeCounts[index].append((outcome, count))
      }
      try line.check(
        sum == meant, at: list,
        "expected outcomes adding up to the traces meant for the variant's transition, "
          + "\(meant), found \(sum)")
    }
    let sameValue = try line.member("same", of: value)
    same = try Self.integers(sameValue, count: n * n, in: line, most: most)
    for i in 0..<n {
      for j in 0..<n {
        let owner = variantTransitions[i]
        let meant = owner == variantTransitions[j] ? meantTotals[owner] : 0
        let count = same[i * n + j]
        try line.check(
          i == j ? count == meant : count <= meant, at: sameValue,
          "expected traces decided alike by variants \(i) and \(j) "
            + (i == j ? "equal to" : "at most") + " the traces meant for their transition, "
            + "\(meant), found \(count)")
      }
    }
    let labelledValue = try line.member("labelled", of: value)
    labelled = try line.integer(labelledValue, in: most)
    let labelledSourcesValue = try line.member("labelledSources", of: value)
    labelledCounts = try Self.integers(
      labelledSourcesValue, count: sourceCount, in: line, most: most)
    for source in 0..<sourceCount {
      try line.check(
        labelledCounts[source] <= sourceCounts[source], at: labelledSourcesValue,
        "expected labelled traces of a label source at most its traces, "
          + "\(sourceCounts[source]), found \(labelledCounts[source])")
    }
    try line.check(
      labelledCounts.reduce(0, +) == labelled, at: labelledSourcesValue,
      "expected labelled traces per label source adding up to the labelled traces, "
        + "\(labelled), found \(labelledCounts.reduce(0, +))")
    let disagreementCountsValue = try line.member("disagreementCounts", of: value)
    disagreementCounts = try Self.integers(
      disagreementCountsValue, count: transitionCount, in: line, most: most)
    for transition in 0..<transitionCount {
      try line.check(
        disagreementCounts[transition] <= meantTotals[transition], at: disagreementCountsValue,
        "expected disagreements at most the traces meant for their transition, "
          + "\(meantTotals[transition]), found \(disagreementCounts[transition])")
    }
    let listedDisagreements = try line.array(line.member("disagreements", of: value))
    let disagreeing = min(AnalysisSummary.listLimit, traceCount)
    guard listedDisagreements.count <= disagreeing else {
      throw line.problem(
        at: value, "expected at most \(disagreeing) disagreements, found more")
    }
    for item in listedDisagreements {
      let fields = try line.array(item, count: 8)
      let outcomes = try line.array(fields[1], count: n)
      var listed: [TransitionOutcome] = []
      for outcome in outcomes { listed.append(try line.outcome(outcome)) }
      let transitions = try Self.integers(
        fields[7], count: nil, in: line, most: 0...max(0, transitionCount - 1))
      for transition in transitions {
        try line.check(
          disagreementCounts[transition] > 0, at: fields[7],
          "expected transitions with disagreements counted, found \(transition)")
      }
      disagreements.append(
        Disagreement(
          trace: try line.string(fields[0]), outcomes: listed, axis: try line.string(fields[2]),
          velocity: try line.finite(fields[3]), distance: try line.finite(fields[4]),
          duration: try line.finite(fields[5]), pauseBeforeLift: try line.finite(fields[6]),
          transitions: transitions))
    }
    // NB: a variant's run counts once per threshold that decides.
    var deciding = Array(repeating: 0, count: transitionCount)
    for (variant, owner) in variantTransitions.enumerated() {
      deciding[owner] += plan.variants[variant].makeTransition().thresholds.count {
        $0.decidesOutcome
      }
    }
    let nearCountsValue = try line.member("nearCounts", of: value)
    nearCounts = try Self.integers(
      nearCountsValue, count: transitionCount, in: line, most: 0...PartialLine.countLimit)
    for transition in 0..<transitionCount {
      let (product, overflow) = meantTotals[transition].multipliedReportingOverflow(
        by: deciding[transition])
      let bound = overflow ? PartialLine.countLimit : min(PartialLine.countLimit, product)
      try line.check(
        nearCounts[transition] <= bound, at: nearCountsValue,
        "expected near-threshold runs at most the traces meant for their transition times "
          + "its thresholds that decide, \(bound), found \(nearCounts[transition])")
    }
    let listedNear = try line.array(line.member("near", of: value))
    let nearRuns = min(AnalysisSummary.listLimit, nearCounts.reduce(0, +))
    guard listedNear.count <= nearRuns else {
      throw line.problem(
        at: value, "expected at most \(nearRuns) near-threshold runs, found more")
    }
    for item in listedNear {
      let fields = try line.array(item, count: 6)
      let variant = try line.integer(fields[1], in: 0...max(0, n - 1))
      try line.check(
        nearCounts[variantTransitions[variant]] > 0, at: fields[1],
        "expected a variant whose transition counts near-threshold runs, found \(variant)")
      near.append(
        NearThreshold(
          trace: try line.string(fields[0]), variant: variant,
          threshold: try line.string(fields[2]), value: try line.finite(fields[3]),
          peak: try line.finite(fields[4]), outcome: try line.outcome(fields[5])))
    }
    unscored = try line.integer(line.member("unscored", of: value), in: 0...labelled)
    untargeted = try line.integer(line.member("untargeted", of: value), in: 0...labelled)
    let targetsValue = try line.member("targets", of: value)
    for target in try line.array(targetsValue) {
      let name = try line.string(target)
      guard !targets.contains(name) else {
        throw line.problem(at: target, "expected each target once, found it again")
      }
      targets.append(name)
    }
    try line.check(
      targets.count <= traceCount, at: targetsValue,
      "expected at most as many targets as traces, \(traceCount), found \(targets.count)")
    let scoresValue = try line.member("scores", of: value)
    scores = try Self.scores(scoresValue, count: sourceCount * n, in: line, most: most)
    for (index, score) in scores.enumerated() {
      let source = index / n
      try Self.check(score, most: labelledCounts[source], at: scoresValue, in: line)
    }
    let onlyFirstValue = try line.member("onlyFirst", of: value)
    onlyFirst = try Self.integers(
      onlyFirstValue, count: sourceCount * n * n, in: line, most: most)
    for (index, count) in onlyFirst.enumerated() {
      let source = index / (n * n)
      try line.check(
        count <= labelledCounts[source], at: onlyFirstValue,
        "expected McNemar's pairs at most the labelled traces of their label source, "
          + "\(labelledCounts[source]), found \(count)")
    }
    let sweepTracesValue = try line.member("sweepTraces", of: value)
    sweepCounts = try Self.integers(
      sweepTracesValue, count: sweepCounts.count, in: line, most: most)
    for sweep in sweepCounts.indices {
      let meant = meantTotals[sweepTransitionIndices[sweep]]
      try line.check(
        sweepCounts[sweep] <= meant, at: sweepTracesValue,
        "expected a sweep's traces at most the traces meant for its transition, \(meant), "
          + "found \(sweepCounts[sweep])")
    }
    let completes = try line.array(
      line.member("sweepCompletes", of: value), count: sweepCompletes.count)
    let sweepScoreLists = try line.array(
      line.member("sweepScores", of: value), count: sweepScores.count)
    for sweep in sweepCompletes.indices {
      let cells = sweepCompletes[sweep].count
      sweepCompletes[sweep] = try Self.integers(
        completes[sweep], count: cells, in: line, most: 0...sweepCounts[sweep])
      let values = try line.array(sweepScoreLists[sweep], count: cells)
      for position in 0..<cells {
        sweepScores[sweep][position] = try Self.scores(
          values[position], count: sourceCount * SweepSummary.folds, in: line,
          most: 0...sweepCounts[sweep])
        for (slot, score) in sweepScores[sweep][position].enumerated() {
          let source = slot / SweepSummary.folds
          try Self.check(
            score, most: min(labelledCounts[source], sweepCounts[sweep]), at: values[position],
            in: line)
        }
      }
    }
    let sweepChangingValue = try line.member("sweepChanging", of: value)
    sweepChanging = try Self.integers(
      sweepChangingValue, count: sweepChanging.count, in: line, most: most)
    for sweep in sweepChanging.indices {
      try line.check(
        sweepChanging[sweep] <= sweepCounts[sweep], at: sweepChangingValue,
        "expected a sweep's changing traces at most its traces, \(sweepCounts[sweep]), "
          + "found \(sweepChanging[sweep])")
    }
    stability = try StabilityAccumulator(
      counts: line.member("stability", of: value), in: line, plan: plan,
      meant: variantTransitions.map { meantTotals[$0] })
    try decisionMaps.read(line.member("decisionMaps", of: value), in: line, most: most)
  }

  /// Checks that a score counts at most `most` labelled traces, and that
  /// its stops' tallies decide as many as they mean.
  private static func check(
    _ score: IntentScore, most: Int, at value: JSONValue, in line: PartialLine
  ) throws(PartialProblem) {
    let counts = [
      score.truePositives, score.falseNegatives, score.falsePositives, score.trueNegatives,
    ]
    let meant = score.stops.reduce(0) { $0 + $1.meant }
    let decided = score.stops.reduce(0) { $0 + $1.decided }
    try line.check(
      decided == meant, at: value,
      "expected stops decided as often as meant, \(meant), found \(decided)")
    let total = counts.reduce(0, +) + meant
    try line.check(
      total <= most, at: value,
      "expected a score of at most the labelled traces, \(most), found \(total)")
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
  mutating func appendValues(_ values: ArraySlice<Double>) {
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

  /// Reads back the counts ``appendCounts(to:)`` wrote for `plan`;
  /// `meant` bounds each variant's counted traces (the traces meant for its
  /// transition).
  init(
    counts value: JSONValue, in line: PartialLine, plan: AnalysisPlan, meant: [Int]
  ) throws(PartialProblem) {
    self.init(plan: plan)
    counted = try Self.boundedIntegers(
      "counted", of: value, count: counted.count, in: line, atMost: { meant[$0] },
      expected: {
        "expected traces counted at most the traces meant for the variant's transition, \($0), "
          + "found \($1)"
      })
    let countedTraces = counted
    anyFlipped = try Self.boundedIntegers(
      "anyFlipped", of: value, count: anyFlipped.count, in: line, atMost: { countedTraces[$0] },
      expected: { "expected flipped traces at most the traces counted, \($0), found \($1)" })
    let flippedTraces = anyFlipped
    let perturbations = max(1, perturbationCount)
    flipped = try Self.boundedIntegers(
      "flipped", of: value, count: flipped.count, in: line,
      atMost: { flippedTraces[$0 / perturbations] },
      expected: {
        "expected traces a perturbation flips at most the traces flipped, \($0), found \($1)"
      })
    let lists = try line.array(line.member("fragile", of: value), count: fragile.count)
    let masks: UInt64 = perturbationCount >= 64 ? .max : (1 << UInt64(perturbationCount)) - 1
    for (variant, list) in lists.enumerated() {
      let items = try line.array(list)
      let most = min(StabilitySummary.listLimit, anyFlipped[variant])
      guard items.count <= most else {
        throw line.problem(at: list, "expected at most \(most) fragile traces, found more")
      }
      for item in items {
        let fields = try line.array(item, count: 6)
        let flips = try line.mask(fields[1])
        try line.check(
          flips != 0 && flips & ~masks == 0, at: fields[1],
          "expected a mask of the perturbations that flip, found \(line.quoted(fields[1]))")
        fragile[variant].append(
          FragileTrace(
            trace: try line.string(fields[0]), flips: flips,
            outcome: try line.outcome(fields[2]), threshold: try line.optionalString(fields[3]),
            value: try line.optionalFinite(fields[4]), peak: try line.optionalFinite(fields[5])))
      }
    }
  }
}

extension StabilityAccumulator {
  /// The whole numbers of the member `key` of `value`: `count` of them,
  /// the one at each index at most `bound(index)`; a larger one is a
  /// problem that `expected(bound, found)` words.
  fileprivate static func boundedIntegers(
    _ key: String, of value: JSONValue, count: Int, in line: PartialLine,
    atMost bound: (Int) -> Int, expected: (Int, Int) -> String
  ) throws(PartialProblem) -> [Int] {
    let member = try line.member(key, of: value)
    let numbers = try AnalysisAccumulator.integers(
      member, count: count, in: line, most: 0...PartialLine.countLimit)
    for (index, number) in numbers.enumerated() {
      let most = bound(index)
      try line.check(number <= most, at: member, expected(most, number))
    }
    return numbers
  }
}

extension GroupedAccumulator {
  /// Appends one trace's per-trace numbers, read from a partial summary,
  /// to all traces' and to its group's (`group` is `nil` without
  /// grouping); its counts come with the partial's summary
  /// (``merge(_:)``).
  mutating func appendValues(_ values: ArraySlice<Double>, group: String?) {
    overall.appendValues(values)
    guard plan.groupBy != nil else { return }
    groups[group ?? "(none)", default: AnalysisAccumulator(plan: plan)].appendValues(values)
  }
}

extension GroupedAccumulator {
  /// Why the counts of `other`, of the traces that follow, cannot be added
  /// to these as a partial holds them; `nil` when they can.
  ///
  /// A partial holds at most ``PartialLine/countLimit`` traces and traces
  /// left out (`leftOut` here and `otherLeftOut` there), and at most as
  /// many near-threshold runs per transition, so that no sum of counts
  /// overflows and the merged partial reads back.
  package func mergeProblem(
    _ other: GroupedAccumulator, leftOut: Int, otherLeftOut: Int
  ) -> String? {
    let limit = PartialLine.countLimit
    // NB: each of the four is at most the limit (the reader checks it), so
    // the sum cannot overflow.
    let total = overall.traceCount + other.overall.traceCount + leftOut + otherLeftOut
    guard total <= limit else {
      return "expected at most \(limit) traces and traces left out in all, found \(total)"
    }
    for (name, counts) in [(nil, other.overall)] + other.groups.map({ ($0.key, $0.value) }) {
      let mine = name.map { groups[$0]?.nearCounts } ?? overall.nearCounts
      for (index, count) in counts.nearCounts.enumerated() {
        let sum = count + (mine?[index] ?? 0)
        guard sum <= limit else {
          return "expected at most \(limit) near-threshold runs of a transition in all, "
            + "found \(sum)"
        }
      }
    }
    return nil
  }
}
