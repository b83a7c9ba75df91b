import Testing

@testable import GestureTrace

/// Holm's step-down adjustment on p lists worked out by hand: sort, scale
/// the k-th smallest by (m − k + 1), carry the running maximum, cap at 1.
@Suite struct HolmCorrectionTests {
  static func expectClose(_ actual: [Double], _ expected: [Double]) {
    #expect(actual.count == expected.count)
    for (a, e) in zip(actual, expected) { #expect((a - e).magnitude <= 1e-12, "\(actual)") }
  }

  /// Sorted: 0.005, 0.01, 0.03, 0.04 (m = 4).
  /// 4 × 0.005 = 0.02; 3 × 0.01 = 0.03 (max 0.03); 2 × 0.03 = 0.06 (max
  /// 0.06); 1 × 0.04 = 0.04, below the running 0.06, so 0.06. Back in the
  /// given order: [0.03, 0.06, 0.06, 0.02].
  @Test func fourValuesAreScaledByTheirRankAndMadeMonotone() {
    Self.expectClose(
      HolmCorrection.adjusted([0.01, 0.04, 0.03, 0.005]), [0.03, 0.06, 0.06, 0.02])
  }

  /// Sorted 0.02, 0.02, 0.04: 3 × 0.02 = 0.06; 2 × 0.02 = 0.04 < 0.06, so
  /// 0.06; 1 × 0.04 < 0.06, so 0.06. Equal raw values stay equal.
  @Test func tiesGetEqualAdjustedValues() {
    Self.expectClose(HolmCorrection.adjusted([0.04, 0.02, 0.02]), [0.06, 0.06, 0.06])
  }

  /// Sorted 0.4, 0.9: 2 × 0.4 = 0.8; 0.9 > 0.8, so 0.9. Sorted 0.6, 0.7:
  /// 2 × 0.6 = 1.2, capped at 1; 0.7 < 1, so 1.
  @Test func adjustedValuesAreCappedAtOne() {
    Self.expectClose(HolmCorrection.adjusted([0.9, 0.4]), [0.9, 0.8])
    Self.expectClose(HolmCorrection.adjusted([0.6, 0.7]), [1, 1])
  }

  @Test func oneValueIsItsOwnAdjustmentAndNoneGivesNone() {
    #expect(HolmCorrection.adjusted([0.03]) == [0.03])
    #expect(HolmCorrection.adjusted([]) == [])
  }

  /// Whatever the values, the adjustment never lowers a p, never passes 1
  /// and keeps the raw order.
  @Test func adjustmentKeepsOrderAndNeverLowersAValue() {
    let raw = [0.2, 0.001, 0.5, 0.013, 0.013, 0.04, 0.9, 0.0002]
    let adjusted = HolmCorrection.adjusted(raw)
    for i in raw.indices {
      #expect(adjusted[i] >= raw[i] && adjusted[i] <= 1)
      for j in raw.indices where raw[i] < raw[j] { #expect(adjusted[i] <= adjusted[j]) }
    }
    // The smallest of m = 8 is scaled by 8: 0.0016.
    #expect((adjusted[7] - 0.0016).magnitude <= 1e-15)
  }
}
