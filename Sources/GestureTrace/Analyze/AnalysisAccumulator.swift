/// A running summary of analyzed traces that can be fed one trace at a time
/// and merged with the summary of the traces that follow.
///
/// It keeps counts (outcomes, agreement, intent scores, sweeps), the first
/// ``AnalysisSummary/listLimit`` disagreements and near-threshold runs, and
/// one number per trace for each distribution (features, decision and
/// settle times), so its size grows with the number of traces by those
/// numbers only, never by the traces' events. Adding traces in input order,
/// or adding them to several accumulators that are merged in input order,
/// gives the same ``summary(name:plan:)``, bit for bit.
package struct AnalysisAccumulator: Sendable {
  /// The number of traces added.
  package internal(set) var traceCount = 0
  let variantCount: Int
  /// Per label source, then variant (`source * variantCount + variant`):
  /// how often each outcome was decided on the traces meant for the
  /// variant's transition, in the order first seen.
  // NB: a short list, not a dictionary: two or a few outcomes per variant,
  // counted for every trace.
  var outcomeCounts: [[(outcome: TransitionOutcome, count: Int)]]
  /// `same[i * variantCount + j]`: for variants i and j of one transition,
  /// the traces meant for it they decided alike (0 for variants of
  /// different transitions).
  var same: [Int]
  /// Per transition (``AnalysisPlan/transitionNames``), then label source
  /// (`transition * LabelSource.allCases.count + source`): the traces
  /// meant for it.
  var meantCounts: [Int]
  /// Per label source: every trace added.
  var sourceCounts: [Int]
  /// Per label source: the labelled traces added.
  var labelledCounts: [Int]
  /// Per transition: the traces meant for it on which its variants did
  /// not all decide alike.
  var disagreementCounts: [Int]
  var disagreements: [Disagreement] = []
  /// Per transition: its variants' runs that came near a threshold that
  /// decides, on traces meant for it.
  var nearCounts: [Int]
  var near: [NearThreshold] = []
  /// How many disagreements and near-threshold runs the lists hold at
  /// most: ``AnalysisSummary/listLimit`` unless limited.
  var disagreementRoom = AnalysisSummary.listLimit
  var nearRoom = AnalysisSummary.listLimit
  var labelled = 0
  /// Labelled traces meant for a transition none of the variants has.
  var unscored = 0
  /// Labelled traces that name no target.
  var untargeted = 0
  /// The targets traces named, in the order first seen.
  var targets: [String] = []
  /// Per label source, then variant (as ``outcomeCounts``).
  var scores: [IntentScore]
  /// `onlyFirst[(source * variantCount + i) * variantCount + j]`: traces
  /// with labels from `source` scored for both variants where i matched
  /// intent and j did not (McNemar's pairs).
  var onlyFirst: [Int]
  /// Per variant, for the trace being added: 1 when it matched intent, 0
  /// when not, -1 when the trace is not scored for it.
  var matched: [Int8]
  let transitions: [String]
  /// ``AnalysisPlan/transitionNames``, each variant's and each sweep's
  /// index among them.
  let transitionNames: [String]
  let variantTransitions: [Int]
  let sweepTransitionIndices: [Int]
  /// Scratch for ``add(_:)``: a bit per transition whose variants
  /// disagreed on the trace being added.
  var differs: [UInt64]
  /// Each variant's start stop when it has more than two stops, else `nil`
  /// (``AnalysisPlan/startStops``).
  let startStops: [StopName?]
  /// Each variant's start page (pagers), else `nil`
  /// (``AnalysisPlan/startPages``).
  let startPages: [Int?]
  let sweepTransitions: [String]
  /// Whether each sweep (then grid) is of a transition with more than two
  /// stops: its values are scored on stop labels.
  let sweepMultiStop: [Bool]
  /// Per sweep and value: completions on the traces meant for its
  /// transition, and the score against intent per label source and
  /// cross-validation fold (`source * SweepSummary.folds + fold`).
  var sweepCompletes: [[Int]]
  var sweepScores: [[[IntentScore]]]
  /// Per sweep: the traces meant for its transition.
  var sweepCounts: [Int]
  /// Per sweep: the traces whose outcome is not the same at every value.
  var sweepChanging: [Int]
  /// One row of numbers per trace, ``rowWidth`` of them: the features of
  /// ``FeatureSummary/table``, then each variant's decision and settle
  /// times in seconds (NaN when the trace is not meant for its
  /// transition), then the trace's ``TraceAnalysis/targetIndex(in:)``.
  /// Column `c` of a distribution is every
  /// ``rowWidth``-th number from `c`.
  // NB: one flat array rather than an array per distribution: a trace
  // appends to one buffer (not to eighteen through the outer array), and a
  // merge keeps one array.
  var rows: [Double] = []
  /// The rows of the accumulators merged into this one, in input order;
  /// they come before ``rows``.
  // NB: kept as they are, not appended to ``rows``: the thread that merges
  // the parts of a file copied every part's table, and then copied it
  // again into columns for the temporary file (docs/performance.md, "Notes
  // moved from the code").
  var mergedRows: [[Double]] = []
  /// The numbers per trace: one per distribution.
  let rowWidth: Int
  /// The flips under perturbations (`--stability`); counts nothing
  /// without.
  var stability: StabilityAccumulator
  /// The traces' points on each transition's decision map.
  var decisionMaps: DecisionMapCollector

  /// The numbers kept per trace for a plan of `variants` variants: the
  /// features, each variant's decision and settle times, the target.
  static func rowWidth(variants: Int) -> Int {
    FeatureSummary.table.count + 2 * variants + 1
  }

  /// The number of distributions with a number per trace (the columns of
  /// ``copyColumns(into:)``).
  package var columnCount: Int { rowWidth }

  /// An empty accumulator for a plan.
  init(plan: AnalysisPlan) {
    variantCount = plan.variants.count
    let sources = LabelSource.allCases.count
    let transitionCount = plan.transitionNames.count
    outcomeCounts = Array(repeating: [], count: sources * variantCount)
    same = Array(repeating: 0, count: variantCount * variantCount)
    meantCounts = Array(repeating: 0, count: transitionCount * sources)
    sourceCounts = Array(repeating: 0, count: sources)
    labelledCounts = Array(repeating: 0, count: sources)
    disagreementCounts = Array(repeating: 0, count: transitionCount)
    nearCounts = Array(repeating: 0, count: transitionCount)
    scores = Array(repeating: IntentScore(), count: sources * variantCount)
    onlyFirst = Array(repeating: 0, count: sources * variantCount * variantCount)
    matched = Array(repeating: -1, count: variantCount)
    transitions = plan.transitions
    transitionNames = plan.transitionNames
    variantTransitions = plan.variantTransitions
    sweepTransitionIndices = plan.sweepTransitionIndices
    differs = Array(repeating: 0, count: (transitionCount + 63) / 64)
    startStops = plan.startStops
    startPages = plan.startPages
    sweepTransitions = plan.sweepTransitions
    sweepMultiStop = plan.sweepStartStops.map { $0.first.map { $0 != nil } ?? false }
    // NB: the grids' cells follow the sweeps' values (AnalysisPlan).
    let cells = plan.sweeps.map(\.values.count) + plan.grids.map(\.variants.count)
    sweepCompletes = cells.map { Array(repeating: 0, count: $0) }
    sweepScores = cells.map {
      Array(
        repeating: Array(repeating: IntentScore(), count: sources * SweepSummary.folds),
        count: $0)
    }
    sweepChanging = Array(repeating: 0, count: cells.count)
    sweepCounts = Array(repeating: 0, count: cells.count)
    rowWidth = Self.rowWidth(variants: variantCount)
    stability = StabilityAccumulator(plan: plan)
    decisionMaps = DecisionMapCollector(plan: plan)
  }

  /// Counts one trace, which follows every trace added so far.
  package mutating func add(_ trace: TraceAnalysis) {
    // NB: runs and thresholds are read in place by index: a `for` over the
    // runs, or a `zip` of a run's thresholds and peaks, copies each element
    // (retaining its arrays and names) for every trace.
    traceCount += 1
    let runs = trace.runs
    let pages = startPages
    let stops = startStops
    let owners = variantTransitions
    let aim = trace.targetIndex(in: transitionNames)
    let source = trace.labelSource.rawValue
    let sourceCount = LabelSource.allCases.count
    sourceCounts[source] += 1
    for index in transitionNames.indices where aim == TraceAnalysis.untargeted || aim == index {
      meantCounts[index * sourceCount + source] += 1
    }
    // NB: whether two variants decided alike, and whether a run came near
    // a threshold, depend on the trace: they are counted as 0 or 1 rather
    // than branched on (docs/performance.md, "Notes moved from the code"),
    // and a list is tested for room first, which is predictable (full after
    // the first thousand).
    var anyDiffers = 0
    for i in 0..<variantCount {
      let owner = owners[i]
      guard aim == TraceAnalysis.untargeted || aim == owner else { continue }
      let outcome = runs[i].outcome.outcome
      Self.count(outcome, in: &outcomeCounts[source &* variantCount &+ i], times: 1)
      // The same decision as ``TraceAnalysis/decidesAlike(_:_:)``, with
      // variant i's side worked out once.
      let isPager = pages[i] != nil
      let isMultiStop = stops[i] != nil
      let completed = TraceAnalysis.isCompletion(outcome, startPage: pages[i], startStop: stops[i])
      var allAlike = 1
      for j in 0..<variantCount where owners[j] == owner {
        let other = runs[j].outcome.outcome
        let alike =
          (isPager && pages[j] != nil) || (isMultiStop && stops[j] != nil)
          ? outcome == other
          : completed
            == TraceAnalysis.isCompletion(other, startPage: pages[j], startStop: stops[j])
        same[i * variantCount + j] += Int(bit: alike)
        allAlike &= Int(bit: alike)
      }
      differs[owner >> 6] |= UInt64(1 - allAlike) << UInt64(owner & 63)
      anyDiffers |= 1 - allAlike
    }
    if anyDiffers != 0 {
      var disagreeing: [Int] = []
      for index in transitionNames.indices
      where differs[index >> 6] & (1 << UInt64(index & 63)) != 0 {
        disagreementCounts[index] += 1
        disagreeing.append(index)
      }
      for word in differs.indices { differs[word] = 0 }
      if disagreements.count < disagreementRoom {
        disagreements.append(Disagreement(trace: trace, transitions: disagreeing))
      }
    }
    for index in 0..<variantCount {
      guard aim == TraceAnalysis.untargeted || aim == owners[index] else { continue }
      let thresholds = runs[index].thresholds
      // NB: one peak at a time: the array would be made for every trace.
      for k in 0..<min(thresholds.count, runs[index].peakCount) where thresholds[k].decidesOutcome {
        let value = thresholds[k].value
        let peak = runs[index].peak(at: k)
        let isNear =
          Int(bit: value > 0) & Int(bit: peak.isFinite)
          & Int(bit: (peak - value).magnitude <= AnalysisSummary.nearBand * value)
        nearCounts[owners[index]] += isNear
        if near.count < nearRoom && isNear != 0 {
          near.append(
            NearThreshold(
              trace: trace.features.id, variant: index, threshold: thresholds[k].name,
              value: value, peak: peak, outcome: runs[index].outcome.outcome))
        }
      }
    }
    if let target = trace.target, !targets.contains(target) { targets.append(target) }
    if trace.isLabelled {
      labelled += 1
      labelledCounts[source] += 1
      untargeted += trace.target == nil ? 1 : 0
      var scoredAny = false
      for index in 0..<variantCount {
        guard trace.isScored(by: transitions[index], multiStop: stops[index] != nil) else {
          matched[index] = -1
          continue
        }
        scoredAny = true
        let outcome = runs[index].outcome.outcome
        let slot = source &* variantCount &+ index
        if let intent = trace.intent {
          let completed = TraceAnalysis.isCompletion(
            outcome, startPage: pages[index], startStop: stops[index])
          scores[slot].add(meant: intent, completed: completed)
          matched[index] = Int8(Int(bit: completed == (intent == .complete)))
        } else if let meant = trace.intendedStop {
          let decided = outcome.description
          scores[slot].add(meantStop: meant, decided: decided)
          matched[index] = Int8(Int(bit: decided == meant))
        }
      }
      unscored += scoredAny ? 0 : 1
      if variantCount > 1 {
        let base = source * variantCount * variantCount
        for i in 0..<variantCount where matched[i] == 1 {
          for j in 0..<variantCount where matched[j] == 0 && owners[j] == owners[i] {
            onlyFirst[base + i * variantCount + j] += 1
          }
        }
      }
    }
    if !sweepCompletes.isEmpty {
      let fold =
        !trace.isLabelled
        ? 0 : SweepVerdict.fold(ofTraceID: trace.features.id, folds: SweepSummary.folds)
      let slot = source * SweepSummary.folds + fold
      for (sweep, completions) in trace.sweepCompletions.enumerated() {
        let owner = sweepTransitionIndices[sweep]
        guard aim == TraceAnalysis.untargeted || aim == owner else { continue }
        sweepCounts[sweep] += 1
        let multiStop = sweepMultiStop[sweep]
        let scored = trace.isScored(by: sweepTransitions[sweep], multiStop: multiStop)
        var changes = false
        if multiStop {
          // A view between more than two stops: scored and compared by the
          // stop each value settled on.
          let settled = trace.sweepStops[sweep]
          for (position, completed) in completions.enumerated() {
            if completed { sweepCompletes[sweep][position] += 1 }
            changes = changes || settled[position] != settled[0]
            if scored, let meant = trace.intendedStop {
              sweepScores[sweep][position][slot].add(meantStop: meant, decided: settled[position])
            }
          }
          sweepChanging[sweep] += changes ? 1 : 0
          continue
        }
        for (position, completed) in completions.enumerated() {
          if completed { sweepCompletes[sweep][position] += 1 }
          changes = changes || completed != completions[0]
          if scored, let intent = trace.intent {
            sweepScores[sweep][position][slot].add(meant: intent, completed: completed)
          }
        }
        sweepChanging[sweep] += changes ? 1 : 0
      }
    }
    // NB: the same numbers as ``appendValues(of:owners:names:to:)``, with
    // the runs and the target already at hand.
    FeatureSummary.appendValues(of: trace, to: &rows)
    for index in 0..<variantCount {
      let meant = aim == TraceAnalysis.untargeted || aim == owners[index]
      rows.append(meant ? runs[index].outcome.decidedAt.seconds : .nan)
      rows.append(meant ? runs[index].outcome.settledAt.seconds : .nan)
    }
    rows.append(Double(aim))
    if !trace.flips.isEmpty { stability.add(trace) }
    decisionMaps.add(trace)
  }

  /// Appends a trace's numbers, one per distribution: the features of
  /// ``FeatureSummary/table``, then each variant's decision and settle
  /// times in seconds (NaN when the trace is not meant for its
  /// transition), then its ``TraceAnalysis/targetIndex(in:)``.
  static func appendValues(
    of trace: borrowing TraceAnalysis, plan: AnalysisPlan, to values: inout [Double]
  ) {
    FeatureSummary.appendValues(of: trace, to: &values)
    let runs = trace.runs
    let aim = trace.targetIndex(in: plan.transitionNames)
    for index in runs.indices {
      let meant = aim == TraceAnalysis.untargeted || aim == plan.variantTransitions[index]
      values.append(meant ? runs[index].outcome.decidedAt.seconds : .nan)
      values.append(meant ? runs[index].outcome.settledAt.seconds : .nan)
    }
    values.append(Double(aim))
  }

  private static func count(
    _ outcome: TransitionOutcome, in counts: inout [(outcome: TransitionOutcome, count: Int)],
    times: Int
  ) {
    if let index = counts.firstIndex(where: { $0.outcome == outcome }) {
      counts[index].count += times
    } else {
      counts.append((outcome, times))
    }
  }

  /// Adds the counts of the traces that follow this accumulator's traces
  /// in input order.
  package mutating func merge(_ other: AnalysisAccumulator) {
    traceCount += other.traceCount
    for index in outcomeCounts.indices {
      for (outcome, count) in other.outcomeCounts[index] {
        Self.count(outcome, in: &outcomeCounts[index], times: count)
      }
    }
    for index in same.indices { same[index] += other.same[index] }
    for index in meantCounts.indices { meantCounts[index] += other.meantCounts[index] }
    for index in sourceCounts.indices {
      sourceCounts[index] += other.sourceCounts[index]
      labelledCounts[index] += other.labelledCounts[index]
    }
    for index in disagreementCounts.indices {
      disagreementCounts[index] += other.disagreementCounts[index]
      nearCounts[index] += other.nearCounts[index]
    }
    disagreements += other.disagreements.prefix(max(0, disagreementRoom - disagreements.count))
    near += other.near.prefix(max(0, nearRoom - near.count))
    labelled += other.labelled
    unscored += other.unscored
    untargeted += other.untargeted
    for target in other.targets where !targets.contains(target) { targets.append(target) }
    for index in scores.indices { scores[index].merge(other.scores[index]) }
    for index in onlyFirst.indices { onlyFirst[index] += other.onlyFirst[index] }
    for sweep in sweepCompletes.indices {
      sweepChanging[sweep] += other.sweepChanging[sweep]
      sweepCounts[sweep] += other.sweepCounts[sweep]
      for position in sweepCompletes[sweep].indices {
        sweepCompletes[sweep][position] += other.sweepCompletes[sweep][position]
        for fold in sweepScores[sweep][position].indices {
          sweepScores[sweep][position][fold].merge(other.sweepScores[sweep][position][fold])
        }
      }
    }
    if !rows.isEmpty {
      mergedRows.append(rows)
      rows = []
    }
    mergedRows += other.mergedRows
    if !other.rows.isEmpty { mergedRows.append(other.rows) }
    stability.merge(other.stability)
    decisionMaps.merge(other.decisionMaps)
  }

  /// How many more disagreements and near-threshold runs the lists take
  /// before they hold ``AnalysisSummary/listLimit``.
  package var listRoom: ListRoom {
    ListRoom(
      disagreements: max(0, disagreementRoom - disagreements.count),
      nearThreshold: max(0, nearRoom - near.count), mapCutoffs: decisionMaps.cutoffs)
  }

  /// Lists at most `room` more disagreements and near-threshold runs: for
  /// traces that follow others whose lists leave only that room (the
  /// counts are kept in full).
  // NB: a piece of a file that follows pieces already listing a thousand
  // disagreements would otherwise make a record of each of its own, all
  // dropped when merged.
  mutating func limitLists(to room: ListRoom) {
    disagreementRoom = min(disagreementRoom, disagreements.count + room.disagreements)
    nearRoom = min(nearRoom, near.count + room.nearThreshold)
    decisionMaps.bound(by: room.mapCutoffs)
  }

  /// Moves out the per-trace numbers gathered since the last call, one
  /// array per distribution, so that the caller can keep them elsewhere;
  /// ``summary(name:plan:earlierValues:)`` takes them back.
  mutating func takeValues() -> [[Double]] {
    defer { dropValues() }
    return values()
  }

  /// The per-trace numbers gathered since the last ``dropValues()``, one
  /// array per distribution.
  package func values() -> [[Double]] {
    (0..<rowWidth).map { column in
      var values: [Double] = []
      appendColumn(column, to: &values)
      return values
    }
  }

  /// Writes the per-trace numbers gathered since the last ``dropValues()``
  /// to the start of `columns`, one distribution after another (as
  /// ``values()`` lists them); `columns` grows when it is too short and
  /// keeps its other numbers. Returns how many numbers each distribution
  /// has.
  // NB: for moving the numbers to a file every 2^14 traces, on the thread
  // that merges the parts while the others read: an array per distribution
  // appended to value by value, freshly allocated (and faulted in) every
  // time, slowed that thread (docs/performance.md, "Notes moved from the
  // code").
  func copyColumns(into columns: inout [Double]) -> Int {
    let width = rowWidth
    let count = rowCount
    if columns.count < count * width {
      columns.append(contentsOf: repeatElement(0, count: count * width - columns.count))
    }
    columns.withUnsafeMutableBufferPointer { columns in
      var first = 0
      forEachTable { rows in
        let rowsHere = rows.count / width
        // NB: 64 rows at a time (7 KB with two variants), so that each
        // row's cache lines are read from memory once, not once per column.
        var start = 0
        while start < rowsHere {
          let end = Swift.min(start &+ 64, rowsHere)
          for column in 0..<width {
            var source = start &* width &+ column
            var target = column &* count &+ first &+ start
            for _ in start..<end {
              columns[target] = rows[source]
              source &+= width
              target &+= 1
            }
          }
          start = end
        }
        first &+= rowsHere
      }
    }
    return count
  }

  /// The number of traces whose numbers are held.
  private var rowCount: Int {
    mergedRows.reduce(rows.count) { $0 + $1.count } / rowWidth
  }

  /// Calls `body` with each table of rows held, in input order.
  private func forEachTable(_ body: (UnsafeBufferPointer<Double>) -> Void) {
    for table in mergedRows { table.withUnsafeBufferPointer(body) }
    rows.withUnsafeBufferPointer(body)
  }

  /// Forgets the per-trace numbers gathered so far, keeping their memory
  /// for the next ones.
  // NB: a table freed and grown again after every move to a file cost its
  // copies and, for each new page, a fault.
  mutating func dropValues() {
    mergedRows.removeAll()
    rows.removeAll(keepingCapacity: true)
  }

  /// Appends the numbers of one distribution kept in the rows, in order.
  private func appendColumn(_ column: Int, to values: inout [Double]) {
    let width = rowWidth
    values.reserveCapacity(values.count + rowCount)
    forEachTable { rows in
      var index = column
      for _ in 0..<(rows.count / width) {
        values.append(rows[index])
        index &+= width
      }
    }
  }

  /// The summary of every trace added.
  package func summary(name: String, plan: AnalysisPlan) -> AnalysisSummary {
    summary(name: name, plan: plan) { _ in [] }
  }

  /// The summary of every trace added, where `earlierValues(column)` gives
  /// back, in order, the numbers ``takeValues()`` moved out of that
  /// column; it is called once per column, by whichever thread
  /// `summarizer` works on the column with.
  package func summary(
    name: String, plan: AnalysisPlan, summarizer: ColumnSummarizer = .serial,
    drawsDecisionMaps: Bool = true, earlierValues: @Sendable (Int) -> [Double]
  ) -> AnalysisSummary {
    // The features' columns (over every trace, and over the traces meant
    // for each transition), then each variant's decision and settle times
    // (over the traces meant for its transition).
    // NB: each column is gathered by the thread that works on it, so that
    // the threads hold one column each and read them back from wherever
    // they were kept at the same time; the targets' column is gathered
    // first, once.
    let table = FeatureSummary.table
    let timeColumns = table.count
    let sections = plan.transitionNames.count
    var aims = earlierValues(rowWidth - 1)
    appendColumn(rowWidth - 1, to: &aims)
    let targets = aims
    var named: Set<Double> = []
    var last = Double(TraceAnalysis.untargeted)
    for aim in targets where aim != last {
      last = aim
      if aim != Double(TraceAnalysis.untargeted) { named.insert(aim) }
    }
    let aimed = named
    let results = ColumnResults(
      features: timeColumns * (sections + 1), medians: 2 * variantCount)
    summarizer.forEach(rowWidth - 1) { column in
      var values = earlierValues(column)
      appendColumn(column, to: &values)
      if column < timeColumns {
        let feature = table[column]
        let all = FeatureSummary(name: feature.name, unit: feature.unit, values: values)
        results.setFeature(all, at: column)
        // Traces that name no target are meant for every transition: a
        // transition no trace names has their distribution.
        var untargeted: FeatureSummary?
        for section in 0..<sections {
          let mine = Double(section)
          let summary: FeatureSummary
          if aimed.isEmpty {
            summary = all
          } else if !aimed.contains(mine), let untargeted {
            summary = untargeted
          } else {
            var meant: [Double] = []
            for (value, aim) in zip(values, targets)
            where aim == mine || aim == Double(TraceAnalysis.untargeted) {
              meant.append(value)
            }
            summary = FeatureSummary(name: feature.name, unit: feature.unit, values: meant)
            if !aimed.contains(mine) { untargeted = summary }
          }
          results.setFeature(summary, at: (section + 1) * timeColumns + column)
        }
      } else {
        let meant = values.filter { !$0.isNaN }
        let median = meant.withUnsafeBufferPointer {
          Quantiles.values(at: [0.5], of: $0).first
        }
        results.setMedian(median, at: column - timeColumns)
      }
    }
    let medians = results.allMedians
    let allFeatures = results.allFeatures
    let sourceCount = LabelSource.allCases.count
    let variants = plan.variants.indices.map { index in
      let owner = variantTransitions[index]
      var counts: [TransitionOutcome: Int] = [:]
      var bySource: [SourceOutcomes] = []
      for source in LabelSource.allCases {
        let total = meantCounts[owner * sourceCount + source.rawValue]
        guard total > 0 else { continue }
        let here = outcomeCounts[source.rawValue * variantCount + index]
        for (outcome, count) in here { counts[outcome, default: 0] += count }
        bySource.append(
          SourceOutcomes(
            source: source, total: total,
            counts: Dictionary(uniqueKeysWithValues: here.map { ($0, $1) }),
            stops: plan.stopNames[index]))
      }
      var summary = VariantOutcomes(
        spec: plan.variants[index].spec, counts: counts, total: meantTotal(owner),
        medianDecisionTime: medians[2 * index], medianSettleTime: medians[2 * index + 1],
        stops: plan.stopNames[index])
      summary.bySource = bySource
      return summary
    }
    let agreement = (0..<variantCount).map { i in
      (0..<variantCount).map { j in
        let owner = variantTransitions[i]
        guard owner == variantTransitions[j] else { return 0.0 }
        let total = meantTotal(owner)
        return total == 0 ? 1 : Double(same[i * variantCount + j]) / Double(total)
      }
    }
    let scoring = sourceScorings(plan: plan)
    let primary = scoring.first
    let intent = primary?.intent ?? []
    let ranking =
      labelled > 0
      ? Array(0..<variantCount).sorted { a, b in
        let (x, y) = (intent[a].accuracy ?? 0, intent[b].accuracy ?? 0)
        return x != y ? x > y : a < b
      } : []
    let sweepSources =
      (plan.sweeps.indices.map { $0 }
      + plan.grids.indices.map {
        plan.sweeps.count + $0
      }).map(sweepSource)
    let sweeps = plan.sweeps.indices.map { index in
      SweepSummary(
        sweep: plan.sweeps[index], completes: sweepCompletes[index],
        foldScores: foldScores(index, source: sweepSources[index]),
        changingTraces: sweepChanging[index], traceCount: sweepCounts[index])
    }
    let grids = plan.grids.indices.map { index in
      let position = plan.sweeps.count + index
      return GridSummary(
        grid: plan.grids[index], completes: sweepCompletes[position],
        foldScores: foldScores(position, source: sweepSources[position]),
        changingTraces: sweepChanging[position], traceCount: sweepCounts[position])
    }
    var summary = AnalysisSummary(
      name: name, traceCount: traceCount, variants: variants, agreement: agreement,
      disagreementCount: disagreementCounts.reduce(0, +), disagreements: disagreements,
      nearThresholdCount: nearCounts.reduce(0, +), nearThreshold: near,
      features: Array(allFeatures[0..<timeColumns]), targets: self.targets.sorted(),
      labelledCount: labelled, untargetedCount: untargeted, unscoredCount: unscored,
      intent: labelled > 0 ? intent : [], ranking: ranking, evidence: primary?.evidence ?? [],
      sweeps: sweeps, grids: grids)
    summary.sourceCounts = sourceCounts
    summary.labelledCounts = labelledCounts
    summary.scoring = scoring
    summary.sweepSources = sweepSources
    summary.stability = stability.summary(plan: plan)
    // NB: the boundaries are found by replaying thousands of synthetic
    // releases: only for reports that show them.
    summary.decisionMaps = drawsDecisionMaps ? decisionMaps.maps(plan: plan) : []
    summary.sections = plan.transitionNames.indices.map { section in
      self.section(
        section, of: summary, plan: plan,
        features: Array(allFeatures[((section + 1) * timeColumns)..<((section + 2) * timeColumns)]))
    }
    return summary
  }
}

/// An accumulator over all traces and one per value of the group-by key.
package struct GroupedAccumulator: Sendable {
  /// Every trace.
  package internal(set) var overall: AnalysisAccumulator
  /// One per group value (empty without grouping).
  package internal(set) var groups: [String: AnalysisAccumulator] = [:]
  let plan: AnalysisPlan

  /// An empty accumulator for a plan.
  init(plan: AnalysisPlan) {
    self.plan = plan
    overall = AnalysisAccumulator(plan: plan)
  }

  /// Counts one trace, which follows every trace added so far.
  package mutating func add(_ trace: TraceAnalysis) {
    overall.add(trace)
    guard plan.groupBy != nil else { return }
    groups[trace.group ?? "(none)", default: AnalysisAccumulator(plan: plan)].add(trace)
  }

  /// Lists at most `room` more of all traces' disagreements and
  /// near-threshold runs (see ``AnalysisAccumulator/limitLists(to:)``);
  /// the groups' lists are not limited.
  mutating func limitLists(to room: ListRoom) {
    overall.limitLists(to: room)
  }

  /// Adds the traces that follow these in input order.
  package mutating func merge(_ other: GroupedAccumulator) {
    overall.merge(other.overall)
    for (name, group) in other.groups {
      groups[name, default: AnalysisAccumulator(plan: plan)].merge(group)
    }
  }

  /// Moves out the per-trace numbers gathered since the last call: the
  /// overall ones (group `nil`) and each group's; see
  /// ``AnalysisAccumulator/takeValues()``.
  mutating func takeValues() -> [(group: String?, values: [[Double]])] {
    defer { dropValues() }
    return values()
  }

  /// The per-trace numbers gathered since the last ``dropValues()``: the
  /// overall ones (group `nil`) and each group's, in name order.
  package func values() -> [(group: String?, values: [[Double]])] {
    var taken: [(group: String?, values: [[Double]])] = [(nil, overall.values())]
    for name in groups.keys.sorted() { taken.append((name, groups[name]!.values())) }
    return taken
  }

  /// Forgets the per-trace numbers gathered so far; see
  /// ``AnalysisAccumulator/dropValues()``.
  mutating func dropValues() {
    overall.dropValues()
    for name in groups.keys { groups[name]!.dropValues() }
  }

  /// The overall summary and the groups' summaries in name order.
  package func summaries() -> (overall: AnalysisSummary, groups: [AnalysisSummary]) {
    summaries { _, _ in [] }
  }

  /// The summaries, where `earlierValues(group, column)` gives back the
  /// numbers ``takeValues()`` moved out (group `nil` for the overall ones).
  package func summaries(
    summarizer: ColumnSummarizer = .serial, drawsDecisionMaps: Bool = true,
    earlierValues: @escaping @Sendable (String?, Int) -> [Double]
  ) -> (overall: AnalysisSummary, groups: [AnalysisSummary]) {
    let named = groups.keys.sorted().map { name in
      groups[name]!.summary(
        name: name, plan: plan, summarizer: summarizer, drawsDecisionMaps: drawsDecisionMaps
      ) { earlierValues(name, $0) }
    }
    let all = overall.summary(
      name: "all", plan: plan, summarizer: summarizer, drawsDecisionMaps: drawsDecisionMaps
    ) { earlierValues(nil, $0) }
    return (all, named)
  }
}
