import GestureTrace

/// The tables of a summary's stability section (`analyze --stability`),
/// as rows of text, for the text, Markdown and HTML reports to lay out.
struct StabilityTables {
  let stability: StabilitySummary
  /// How a rate is written, such as `3.4 %`.
  let percent: (Double?) -> String
  /// The most fragile traces listed.
  var listRows = 10
  /// Each variant's number in the report (from 1); by default its place.
  var numbers: [Int]? = nil

  /// How the report names variant `index`: `[3]`.
  func label(_ index: Int) -> String { "[\(numbers?[index] ?? index + 1)]" }

  /// The section's title.
  var title: String {
    "Stability (each decision re-made under \(stability.perturbations.count) perturbations)"
  }

  /// What the perturbations are and what is counted.
  static let note =
    "A decision flips when the outcome under a perturbation differs from the outcome as "
    + "recorded. Perturbations: the release velocity by each estimator (estimator:NAME), "
    + "every time but the first moved by up to ±8.3 ms (jitter, seeded by the trace id), the "
    + "last sample before the lift dropped (drop-last), only samples at least 1/60 s apart "
    + "kept (resample-60hz), positions and velocities ×0.95 and ×1.05 (scale-5%, scale+5%). "
    + "Each variant counts the traces meant for its transition or naming none."

  /// Per variant: the traces counted and those some perturbation flips,
  /// with the rate and its 95 % interval.
  var sharesHeader: [String] { ["variant", "traces", "flip", "rate", "95 % interval"] }

  var sharesRows: [[String]] {
    stability.variants.enumerated().map { index, variant in
      [
        label(index), String(variant.traceCount), String(variant.any.count),
        percent(variant.any.rate),
        percent(variant.any.interval.lower) + " – " + percent(variant.any.interval.upper),
      ]
    }
  }

  /// Per perturbation, the share of each variant's decisions it flips.
  var perturbationHeader: [String] {
    ["perturbation"] + stability.variants.indices.map { label($0) }
  }

  var perturbationRows: [[String]] {
    stability.perturbations.enumerated().map { k, name in
      [name] + stability.variants.map { percent($0.flips[k].rate) }
    }
  }

  /// The traces flipped by the most perturbations over all variants (most
  /// first; ties by variant, then in input order).
  var fragile: [(variant: Int, item: FragileTrace)] {
    var all: [(variant: Int, item: FragileTrace)] = []
    for (index, variant) in stability.variants.enumerated() {
      all += variant.fragile.map { (index, $0) }
    }
    // NB: a stable order: sort by flips alone would leave ties unspecified.
    let ordered = all.enumerated().sorted { a, b in
      a.element.item.flipCount != b.element.item.flipCount
        ? a.element.item.flipCount > b.element.item.flipCount : a.offset < b.offset
    }
    return ordered.prefix(listRows).map(\.element)
  }

  var fragileHeader: [String] {
    ["trace", "variant", "outcome", "threshold", "value", "peak", "flipped by"]
  }

  /// A fragile trace's row; the last cell names the perturbations.
  func fragileRow(_ variant: Int, _ item: FragileTrace) -> [String] {
    [
      item.trace, label(variant), item.outcome.description, item.threshold ?? "–",
      item.value.map { fixed($0, 1) } ?? "–", item.peak.map { fixed($0, 2) } ?? "–",
      stability.names(item.flips).joined(separator: ", "),
    ]
  }

  /// "; flips under a perturbation for 3.4 % of 120 traces" for variant
  /// `index`'s headline.
  func headline(_ index: Int) -> String {
    guard index < stability.variants.count else { return "" }
    let variant = stability.variants[index]
    return "; flips under some perturbation for " + percent(variant.any.rate) + " of "
      + "\(variant.traceCount) trace\(variant.traceCount == 1 ? "" : "s")"
  }
}
