/// The exact McNemar test of two classifiers scored on the same traces:
/// a two-sided binomial test on the traces where exactly one of them
/// matches intent.
///
/// Under the hypothesis that both are equally accurate, each such trace is
/// as likely to favour one as the other, so the number favouring the first
/// is binomial with p = ½ (McNemar 1947; the exact form, as Fagerland,
/// Lydersen & Laake 2013 recommend for small counts):
///
/// ```swift
/// let test = McNemarTest(onlyFirst: 8, onlySecond: 1)
/// test.pValue  // 2 × (1 + 9) / 2⁹ = 0.0390625
/// ```
package struct McNemarTest: Sendable, Hashable {
  /// Traces where the first matches intent and the second does not.
  package var onlyFirst: Int
  /// Traces where the second matches intent and the first does not.
  package var onlySecond: Int

  /// A test of the given discordant counts.
  init(onlyFirst: Int, onlySecond: Int) {
    self.onlyFirst = max(0, onlyFirst)
    self.onlySecond = max(0, onlySecond)
  }

  /// The two-sided p-value: twice the probability of a split at least as
  /// uneven as the one seen, at most 1; 1 when no trace is discordant.
  package var pValue: Double {
    Self.twoSidedBinomialP(smaller: min(onlyFirst, onlySecond), of: onlyFirst + onlySecond)
  }

  /// 2 × P(X ≤ `smaller`) for X ~ Binomial(`n`, ½), at most 1.
  // NB: the terms are computed relative to the largest (the middle one),
  // walking outwards by the ratio of neighbouring binomial coefficients,
  // so no factorial or power of ½ under- or overflows for any n; the walk
  // stops where a term falls below 1e-20 of the largest, far below what a
  // double of the sum can hold.
  static func twoSidedBinomialP(smaller: Int, of n: Int) -> Double {
    guard n > 0 else { return 1 }
    let middle = n / 2
    guard smaller < middle || (smaller == middle && n % 2 == 1) else { return 1 }
    var total = 1.0
    var tail = 0.0
    var term = 1.0
    var k = middle
    while k > 0 {
      term *= Double(k) / Double(n - k + 1)
      k -= 1
      if term < 1e-20 {
        break
      }
      total += term
      if k <= smaller { tail += term }
    }
    if smaller == middle { tail += 1 }
    term = 1
    k = middle
    while k < n {
      term *= Double(n - k) / Double(k + 1)
      k += 1
      if term < 1e-20 { break }
      total += term
    }
    return min(1, 2 * tail / total)
  }
}
