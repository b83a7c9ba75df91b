import Testing

@testable import GestureTrace

@Suite struct TargetGestureMixTests {
  /// The seed transitions, one variant of another start state, and the
  /// directions their complete-labelled gestures must point in.
  static let targets: [(spec: String, directions: [GestureDirection])] = [
    ("lyrics-swap", [.up, .down]), ("player-sheet", [.up]), ("library-pager", [.left]),
    ("player-sheet:start=open", [.down]), ("music-card", []),
  ]

  /// 500 traces made for `spec` at `rate`.
  static func corpus(_ spec: String, rate: Double = 60) throws -> [Trace] {
    let synthesizer = TraceSynthesizer(seed: 31, rate: rate, target: try Variant(parsing: spec))
    return (0..<500).map { synthesizer.trace(at: $0) }
  }

  /// The projection of `v` on `u`.
  static func dot(_ v: Vector2D, _ u: Vector2D) -> Double { v.x * u.x + v.y * u.y }

  /// What the trace's own motion says the person meant, written without the
  /// synthesizer's kinds: for a tap target, complete iff the translation
  /// never exceeds the 10 pt tap slop; for a drag target, complete iff the
  /// finger ends at least 20 pt towards a completing direction (beyond any
  /// peek), no further across that direction than along it (within 45°),
  /// and at 70 % or more of the furthest it got from where the pan began
  /// (not reversed, not even past the start towards the other direction).
  static func meaning(of trace: Trace, for gesture: TransitionGesture) -> TraceIntent {
    let moves = trace.events.map(\.translation)
    if gesture.isTap { return moves.allSatisfy { $0.length <= 10 } ? .complete : .cancel }
    let final = moves.last ?? .zero
    let furthest = moves.map(\.length).max() ?? 0
    guard final.length >= 0.7 * furthest else { return .cancel }
    for direction in gesture.completingDirections {
      let along = dot(final, direction.unit)
      let across = dot(final, direction.cross).magnitude
      if along >= 20, along >= across { return .complete }
    }
    return .cancel
  }

  @Test(arguments: targets.map(\.spec), [60.0, 120.0])
  func labelsAgreeWithAnIndependentRuleOfTheMotion(spec: String, rate: Double) throws {
    let gesture = try Variant(parsing: spec).gesture
    // NB: a system cancel cuts the motion short of what the person meant,
    // so the rule reads only traces that ended.
    let ended = try Self.corpus(spec, rate: rate).filter { $0.events.last?.phase == .ended }
    #expect(ended.count > 450)
    let disagreeing = ended.filter { Self.meaning(of: $0, for: gesture) != $0.metadata.intent }
    #expect(
      disagreeing.isEmpty,
      "\(disagreeing.count): \(disagreeing.prefix(5).map { "\($0.id) \($0.metadata["kind"]!)" })")
  }

  @Test(arguments: targets)
  func completingDragsPointInACompletingDirectionAlongTheAxis(
    spec: String, directions: [GestureDirection]
  ) throws {
    let variant = try Variant(parsing: spec)
    let corpus = try Self.corpus(spec)
    #expect(corpus.allSatisfy { $0.metadata.target == variant.transition })
    let complete = corpus.filter { $0.metadata.intent == .complete }
    #expect(complete.count > 150 && complete.count < 350)
    guard !directions.isEmpty else { return }
    for trace in complete where trace.events.last?.phase == .ended {
      let final = trace.events.last!.translation
      let direction = try #require(GestureDirection(of: final))
      #expect(directions.contains(direction), "\(trace.id)")
      // Mostly along the axis: at most 40° off it.
      let along = Self.dot(final, direction.unit)
      #expect(Self.dot(final, direction.cross).magnitude <= 0.9 * along, "\(trace.id)")
    }
  }

  @Test func tapTargetTapsStayInsideTheSlopAndScrollsLeaveIt() throws {
    let corpus = try Self.corpus("music-card")
    let taps = corpus.filter { $0.metadata["kind"] == "tap" }
    let others = corpus.filter { $0.metadata["kind"] != "tap" }
    #expect(taps.count > 200 && others.count > 200)
    #expect(taps.allSatisfy { $0.events.allSatisfy { $0.translation.length <= 10 } })
    #expect(others.allSatisfy { $0.metadata.intent == .cancel })
    #expect(others.filter { $0.events.contains { $0.translation.length > 30 } }.count > 200)
  }

  @Test func theMixHasShortAndLongDragsAndSlowAndFastFlicks() throws {
    // Around lyrics-swap's own 80 pt: some completing drags end short of it.
    let lyrics = try Self.corpus("lyrics-swap").filter {
      $0.metadata["kind"] == "drag" && $0.events.last?.phase == .ended
    }
    let reach = lyrics.map { $0.events.last!.translation.y.magnitude }
    #expect(reach.contains { $0 < 80 } && reach.contains { $0 > 120 })
    // The sheet's travel is 806 pt: its drags go much further than 80 pt.
    let sheet = try Self.corpus("player-sheet").filter { $0.metadata["kind"] == "drag" }
    #expect(sheet.contains { -$0.events.last!.translation.y > 400 })
    // Pager flicks straddle 1.6's 1000 pt/s average-velocity threshold.
    let flicks = try Self.corpus("library-pager").filter {
      $0.metadata["kind"] == "flick" && $0.events.count > 2
    }
    let speeds = flicks.map { trace -> Double in
      let last = trace.events.last!
      return last.translation.x.magnitude / last.time.seconds
    }
    #expect(speeds.contains { $0 < 1_000 } && speeds.contains { $0 > 1_000 })
    // Some reversals are released with velocity still towards completion.
    let reversals = try Self.corpus("player-sheet").filter { $0.metadata["kind"] == "reversal" }
    #expect(reversals.contains { ($0.events.last!.velocity?.y ?? 0) < 0 })
    #expect(reversals.contains { ($0.events.last!.velocity?.y ?? 0) > 0 })
  }

  @Test(arguments: targets.map(\.spec))
  func sameSeedGivesTheSameTraces(spec: String) throws {
    let variant = try Variant(parsing: spec)
    let a = TraceSynthesizer(seed: 9, target: variant)
    let b = TraceSynthesizer(seed: 9, target: variant)
    #expect(
      (0..<50).map { a.trace(at: $0) } == (0..<50).reversed().map { b.trace(at: $0) }.reversed())
  }

  @Test func sharesAddUpToOneAndSkipKindsThatCannotHappen() throws {
    for spec in Self.targets.map(\.spec) + ["lyrics-swap:axis=both"] {
      let mix = TargetGestureMix(try Variant(parsing: spec))
      #expect(abs(mix.shares.reduce(0, +) - 1) < 1e-12)
    }
    #expect(!TargetGestureMix(try Variant(parsing: "lyrics-swap")).kinds.contains(.away))
    #expect(
      !TargetGestureMix(try Variant(parsing: "lyrics-swap:axis=both")).kinds.contains(.across))
    #expect(TargetGestureMix(try Variant(parsing: "library-pager")).kinds.contains(.away))
    #expect(
      TargetGestureMix(try Variant(parsing: "music-card")).kinds == [
        .tap, .scroll, .flick, .across,
      ])
  }
}
