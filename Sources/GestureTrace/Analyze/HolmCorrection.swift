/// Holm's step-down correction of p-values for a family of tests made
/// together (Holm 1979): it keeps the chance of calling any true null
/// hypothesis of the family false below the level, whatever the tests'
/// dependence, and is uniformly more powerful than Bonferroni's.
///
/// With the m raw p-values sorted ascending, p₍₁₎ ≤ … ≤ p₍ₘ₎, the adjusted
/// value of the k-th is max over j ≤ k of (m − j + 1) · p₍ⱼ₎, at most 1. A
/// test is significant at level α when its adjusted p is below α:
///
/// ```swift
/// HolmCorrection.adjusted([0.01, 0.04, 0.03, 0.005])
/// // sorted 0.005, 0.01, 0.03, 0.04 → 4 × 0.005 = 0.02,
/// // max(0.02, 3 × 0.01) = 0.03, max(0.03, 2 × 0.03) = 0.06,
/// // max(0.06, 1 × 0.04) = 0.06: [0.03, 0.06, 0.06, 0.02]
/// ```
package enum HolmCorrection {
  /// The Holm-adjusted p-values of `pValues`, in the same order: never
  /// below the raw value, at most 1, and in the order of the raw values
  /// (a smaller raw p never gets a larger adjusted one). Equal raw values
  /// get equal adjusted values.
  package static func adjusted(_ pValues: [Double]) -> [Double] {
    let m = pValues.count
    // NB: a stable sort (ties by position) so that the result depends only
    // on the values; equal values end up equal through the running max.
    let order = pValues.indices.sorted { a, b in
      pValues[a] != pValues[b] ? pValues[a] < pValues[b] : a < b
    }
    var result = [Double](repeating: 1, count: m)
    var running = 0.0
    for (rank, index) in order.enumerated() {
      running = max(running, min(1, Double(m - rank) * pValues[index]))
      result[index] = running
    }
    return result
  }
}
