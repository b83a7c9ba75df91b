import GestureTrace

/// Translation over time of sample traces replayed through one variant:
/// one line per trace, coloured by the variant's outcome, a dot where it
/// decided, and the thresholds measured in points drawn as dashed lines.
struct TranslationCurveChart {
  /// The variant's position in the report (0-based).
  let index: Int
  /// The variant.
  let variant: Variant
  /// The traces to draw.
  let samples: [SampleCurve]
  /// The replayer that decides each trace's outcome.
  let replayer: Replayer

  /// The chart as an `<svg>` element.
  func rendered() -> String {
    let outcomes = samples.map { replayer.outcome(of: $0.trace, with: variant) }
    let thresholds = Self.thresholds(of: variant)
    let times = samples.flatMap { $0.points.map(\.x) }
    let values = samples.flatMap { $0.points.map(\.y) }
    var (low, high) = (min(values.min() ?? 0, 0), max(values.max() ?? 0, 0))
    // NB: thresholds compare magnitudes, so each is drawn on the side(s)
    // the curves reach; one that no curve reaches still shows how far off
    // it is.
    let limit = thresholds.map(\.threshold.value).max() ?? 0
    if high > 0 || low == 0 { high = max(high, limit) }
    if low < 0 { low = min(low, -limit) }
    let note = thresholds.first.map { " (thresholds on \($0.note))" } ?? ""
    var chart = SVGChart(
      title: "Translation over time of \(samples.count) sample traces under "
        + "[\(index + 1)] \(variant.spec), coloured by outcome\(note)",
      width: 560, height: 300, x: (0, times.max() ?? 1), y: (low, high),
      xTitle: "time (s)", yTitle: "translation along the dominant axis (pt)",
      margins: .init(left: 58, right: 14, top: 44, bottom: 42))
    chart.canvas.text(
      "[\(index + 1)] " + AnalysisHTMLCharts.shortened(variant.spec, to: 40), x: 58, y: 14,
      bold: true)
    let caption =
      thresholds.first.map { "dashed: thresholds on \($0.note)" } ?? "no thresholds in points"
    chart.canvas.text(caption, x: 58, y: 30, size: 10, fill: "#555")
    // NB: labels of successive thresholds are staggered along the line so
    // that close values (fadeOffset 20, dismissalOffset 80) stay legible.
    for (position, item) in thresholds.enumerated() {
      let value = item.threshold.value
      let name = item.threshold.name
      let inset = 4 + Double(position % 3) * 130
      if high >= value {
        chart.horizontalRule(at: value, label: "\(name) \(value.reportText)", inset: inset)
      }
      if low <= -value {
        chart.horizontalRule(
          at: -value, label: "\(name) −\(value.reportText)", below: true, inset: inset)
      }
    }
    var counts: [TransitionOutcome: Int] = [:]
    let stops = variant.track.map { $0.isMultiStop ? $0.sortedStops.map(\.name) : [] } ?? []
    for (sample, outcome) in zip(samples, outcomes) {
      counts[outcome.outcome, default: 0] += 1
      let colour = OutcomePalette.colour(of: outcome.outcome, stops: stops)
      let name = AnalysisHTMLCharts.outcomeName(outcome.outcome)
      let decided = outcome.decidedAt.seconds
      chart.polyline(
        sample.points, stroke: colour, width: 1.5, opacity: 0.75,
        tooltip: "\(sample.trace.id) (\(sample.axis)): \(name), decided at \(fixed(decided, 3)) s")
      if let at = sample.value(at: decided) {
        chart.dot((decided, at), radius: 2.5, fill: colour)
      }
    }
    chart.legend(
      counts.keys.sorted { a, b in
        // NB: stops in order along the track, before anything else.
        let (x, y) = (Self.position(of: a, in: stops), Self.position(of: b, in: stops))
        return x != y ? x < y : a < b
      }.map { outcome in
        (
          label: "\(AnalysisHTMLCharts.outcomeName(outcome)) \(counts[outcome]!)",
          colour: OutcomePalette.colour(of: outcome, stops: stops)
        )
      })
    return chart.rendered()
  }

  /// Where a stop outcome lies along the track; later than every stop for
  /// any other outcome.
  private static func position(of outcome: TransitionOutcome, in stops: [String]) -> Int {
    if case .stop(let name) = outcome, let index = stops.firstIndex(of: name.description) {
      return index
    }
    return stops.count
  }

  /// The variant's thresholds that are distances in points, each with what
  /// it is compared with.
  // NB: a transition's `offset` is the drag's magnitude along its axis (for
  // lyrics-swap with axis=both, (|tx| + |ty|) / 1.5) and `distance` the
  // translation's length; other properties (speeds, fractions) are not
  // translations and are not drawn.
  static func thresholds(of variant: Variant) -> [(threshold: Threshold, note: String)] {
    var offset = "|offset|, pt"
    if case .word(let axis)? = variant.values["axis"] {
      offset = axis == "both" ? "offset units, (|tx|+|ty|)/1.5" : "|t\(axis)|, pt"
    }
    return variant.makeTransition().thresholds.compactMap { threshold in
      guard threshold.value.isFinite, threshold.value > 0 else { return nil }
      switch threshold.property {
      case "offset": return (threshold, offset)
      case "distance": return (threshold, "|translation|, pt")
      default: return nil
      }
    }
  }
}

/// A trace's translation along its dominant axis over time, for charts.
struct SampleCurve {
  /// The trace.
  let trace: Trace
  /// `x` or `y`.
  let axis: String
  /// Seconds since the first event, and the translation along ``axis``.
  let points: [(x: Double, y: Double)]

  /// The curve of `trace`.
  init(_ trace: Trace) {
    self.trace = trace
    let axis = TraceFeatures(of: trace).dominantAxis
    self.axis = axis
    let start = trace.events.first?.time ?? .zero
    points = trace.events.map { event in
      ((event.time - start).seconds, axis == "y" ? event.translation.y : event.translation.x)
    }
  }

  /// The translation at `seconds`: that of the last event at or before it.
  func value(at seconds: Double) -> Double? {
    points.last { $0.x <= seconds }?.y ?? points.first?.y
  }
}
