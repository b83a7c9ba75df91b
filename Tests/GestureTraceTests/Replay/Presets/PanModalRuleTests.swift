import Testing

@testable import GestureTrace

/// One hand-computed PanModal release.
struct PanModalCase: Sendable, CustomTestStringConvertible {
  /// What the row checks.
  let label: String
  /// The sheet's top at release.
  let y: Double
  /// The release velocity, pt/s, positive down.
  let v: Double
  /// Long form, short form (nil: none) and the container height.
  var long = 44.0
  var short: Double? = 400
  var height = 800.0
  /// Parameter overrides, as spec text.
  var overrides: [String: String] = [:]
  /// The stop PanModal picks.
  let expected: String

  var track: TransitionTrack {
    var stops: [TransitionTrack.Stop] = [.init("long", long), .init("dismissed", height)]
    if let short { stops.append(.init("short", short)) }
    return TransitionTrack(axis: "y", stops: stops, start: "long")
  }

  var testDescription: String { label }
}

@Suite struct PanModalRuleTests {
  typealias F = PresetFixtures

  // Long form at 44, short form at 400, the container 800 pt high unless a
  // row says otherwise. 1 − 0.7 is 0.30000000000000004 in binary, so the
  // fast bound is 300.00000000000006: 300 is slow, 300.0001 fast.
  static let cases: [PanModalCase] = [
    // The speed threshold, from both sides, in both directions.
    .init(label: "slow 300 down near long: nearest long", y: 100, v: 300, expected: "long"),
    .init(label: "fast 300.0001 down near long: short", y: 100, v: 300.0001, expected: "short"),
    .init(label: "slow −300 near H: nearest H", y: 700, v: -300, expected: "dismissed"),
    .init(label: "fast −300.0001 near H: up to long", y: 700, v: -300.0001, expected: "long"),
    // Fast down: short form only above both the long/H midpoint and short.
    .init(label: "fast down above short, nearer long", y: 399, v: 1000, expected: "short"),
    .init(label: "fast down below short, nearer long", y: 401, v: 1000, expected: "dismissed"),
    .init(label: "fast down nearer H", y: 500, v: 1000, expected: "dismissed"),
    // With short at 500: the long/H midpoint 422 ties, and long is first.
    .init(label: "fast down at the tie", y: 422, v: 1000, short: 500, expected: "short"),
    .init(label: "fast down past the tie", y: 422.5, v: 1000, short: 500, expected: "dismissed"),
    // Slow: nearest of [H, short, long], ties to the first listed.
    .init(label: "slow near short", y: 350, v: 0, expected: "short"),
    .init(label: "slow short/long tie goes short", y: 222, v: 0, expected: "short"),
    .init(label: "slow just nearer long", y: 221.9, v: 0, expected: "long"),
    .init(label: "slow H/short tie goes H", y: 600, v: 0, expected: "dismissed"),
    .init(label: "slow just nearer short", y: 599.9, v: -100, expected: "short"),
    // dragToDismiss=false: short form instead of dismissal.
    .init(
      label: "no dismiss: slow near H", y: 700, v: 0, overrides: ["dragToDismiss": "false"],
      expected: "short"),
    .init(
      label: "no dismiss: fast down", y: 500, v: 1000, overrides: ["dragToDismiss": "false"],
      expected: "short"),
    .init(
      label: "no dismiss: fast up", y: 700, v: -1000, overrides: ["dragToDismiss": "false"],
      expected: "long"),
    // The default single detent: no short stop.
    .init(label: "single: slow at 421", y: 421, v: 0, short: nil, expected: "long"),
    .init(label: "single: slow at the 422 tie", y: 422, v: 0, short: nil, expected: "dismissed"),
    .init(label: "single: fast down once moved", y: 45, v: 301, short: nil, expected: "dismissed"),
    .init(
      label: "single, no dismiss: fast down", y: 45, v: 301, short: nil,
      overrides: ["dragToDismiss": "false"], expected: "long"),
    // short == long, both declared: a slow release reads as long.
    .init(label: "short == long: slow", y: 100, v: 0, short: 44, expected: "long"),
    .init(
      label: "short == long, no dismiss: fast down", y: 100, v: 1000, short: 44,
      overrides: ["dragToDismiss": "false"], expected: "short"),
    // sensitivity=0.9: fast above 100 pt/s.
    .init(
      label: "sensitivity 0.9: 101 is fast", y: 700, v: -101, overrides: ["sensitivity": "0.9"],
      expected: "long"),
    .init(
      label: "sensitivity 0.9: 99 is slow", y: 700, v: -99, overrides: ["sensitivity": "0.9"],
      expected: "dismissed"),
  ]

  @Test(arguments: cases)
  func decides(_ row: PanModalCase) {
    let rule = F.make(PanModalRule.self, row.overrides)
    let release = StopRelease(track: row.track, start: "long", position: row.y, velocity: row.v)
    #expect(rule.stop(for: release) == row.expected)
  }

  @Test func fastBoundIsStrict() {
    let rule = F.make(PanModalRule.self)
    #expect(!rule.isFast(300))
    #expect(!rule.isFast(-300))
    #expect(rule.isFast(300.0001))
    #expect(rule.isFast(-300.0001))
  }

  @Test func nearestTakesTheFirstOfATie() {
    #expect(PanModalRule.nearest(to: 5, in: [10, 0]) == 10)
    #expect(PanModalRule.nearest(to: 5, in: [0, 10]) == 0)
    #expect(PanModalRule.nearest(to: 5, in: []) == 5)
  }

  @Test func theSheetNeverRisesAboveLongForm() {
    #expect(PanModalRule.clampedPosition(start: 400, translation: -100, longY: 44) == 300)
    #expect(PanModalRule.clampedPosition(start: 400, translation: -500, longY: 44) == 44)
    #expect(PanModalRule.clampedPosition(start: 400, translation: 100, longY: 44) == 500)
    // Over a path: up 500 (clamped at 44), then back down 200 from there.
    #expect(
      PanModalRule.clampedPosition(start: 400, translations: [-500, -300], longY: 44) == 244)
    #expect(
      PanModalRule.clampedPosition(start: 400, translations: [-100, -300], longY: 44) == 100)
  }

  @Test func aTrackWithoutLongOrDismissedKeepsTheStart() {
    let track = TransitionTrack(
      axis: "y", stops: [.init("short", 400), .init("dismissed", 800)], start: "short")
    let release = StopRelease(track: track, start: "short", position: 700, velocity: 0)
    #expect(F.make(PanModalRule.self).stop(for: release) == "short")
  }
}
