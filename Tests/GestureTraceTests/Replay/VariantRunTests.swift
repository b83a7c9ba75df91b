import Testing

@testable import GestureTrace

/// A run keeps the crossings and peaks of a threshold watch in the watch
/// and shows them as the arrays a run made from arrays holds.
@Suite struct VariantRunTests {
  static let thresholds = [
    Threshold(name: "fadeOffset", property: "offset", value: 20),
    Threshold(name: "dismissalOffset", property: "offset", value: 80),
  ]
  static let outcome = ReplayOutcome(
    outcome: .complete, decidedAt: .milliseconds(20), settledAt: .milliseconds(350))

  @Test func aRunFromAWatchShowsWhatTheWatchSaw() throws {
    var watch = try #require(ThresholdWatch(Self.thresholds, columns: [0, 0]))
    // 30 passes 20 at 10 ms; 90 passes 80 at 20 ms; 60 changes neither
    // crossing, and the peak stays 90.
    watch.observe(at: .milliseconds(10)) { _ in 30 }
    watch.observe(at: .milliseconds(20)) { _ in 90 }
    watch.observe(at: .milliseconds(30)) { _ in 60 }
    let run = VariantRun(outcome: Self.outcome, thresholds: Self.thresholds, watch: watch)
    #expect(run.crossings == [.milliseconds(10), .milliseconds(20)])
    #expect(run.peaks == [90, 90])
    #expect(run.peakCount == 2 && run.peak(at: 0) == 90 && run.peak(at: 1) == 90)
    let arrays = VariantRun(
      outcome: Self.outcome, thresholds: Self.thresholds,
      crossings: [.milliseconds(10), .milliseconds(20)], peaks: [90, 90])
    #expect(run == arrays)
    #expect(run.hashValue == arrays.hashValue)
    let otherPeak = VariantRun(
      outcome: Self.outcome, thresholds: Self.thresholds,
      crossings: [.milliseconds(10), .milliseconds(20)], peaks: [90, 91])
    #expect(run != otherPeak)
    #expect(otherPeak.peakCount == 2 && otherPeak.peak(at: 1) == 91)
  }

  @Test func oneWatchedThresholdHasOnePeak() throws {
    var watch = try #require(ThresholdWatch(Array(Self.thresholds.prefix(1)), columns: [0]))
    // 12 then 35: the peak is 35, and 20 is passed at 20 ms.
    watch.observe(at: .milliseconds(10)) { _ in 12 }
    watch.observe(at: .milliseconds(20)) { _ in 35 }
    let run = VariantRun(
      outcome: Self.outcome, thresholds: Array(Self.thresholds.prefix(1)), watch: watch)
    #expect(run.peaks == [35] && run.peakCount == 1 && run.peak(at: 0) == 35)
    #expect(run.crossings == [.milliseconds(20)])
  }

  @Test func aWatchOfNoThresholdsGivesEmptyLists() throws {
    let watch = try #require(ThresholdWatch([], columns: []))
    let run = VariantRun(outcome: Self.outcome, thresholds: [], watch: watch)
    #expect(run.crossings.isEmpty && run.peaks.isEmpty && run.peakCount == 0)
    #expect(run == VariantRun(outcome: Self.outcome, thresholds: [], crossings: [], peaks: []))
  }
}
