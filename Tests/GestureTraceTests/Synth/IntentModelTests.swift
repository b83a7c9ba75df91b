import Testing

@testable import GestureTrace

/// The adjustable assumptions of `synth --target`'s model of intent.
@Suite struct IntentModelTests {
  /// A synthesizer for `spec` under `model`.
  static func synthesizer(_ spec: String, _ model: IntentModel = .standard, seed: UInt64 = 11)
    throws -> TraceSynthesizer
  {
    try TraceSynthesizer(seed: seed, rate: 60, target: try Variant(parsing: spec), model: model)
  }

  /// The kinds and plans of the first `count` traces.
  static func plans(_ synthesizer: TraceSynthesizer, count: Int = 400)
    -> [(kind: TraceSynthesizer.Kind, plan: GesturePlan)]
  {
    (0..<count).map { index in
      var rng = synthesizer.generator(at: index)
      return synthesizer.drawnPlan(at: index, using: &rng)
    }
  }

  /// The distance a reach moves along the plan's direction.
  static func along(_ reach: GesturePlan.Reach, _ plan: GesturePlan) -> Double {
    reach.displacement.x * plan.direction.unit.x + reach.displacement.y * plan.direction.unit.y
  }

  @Test(arguments: ["lyrics-swap", "player-sheet", "music-card", "library-pager"])
  func theStandardModelMakesTheTracesOfBefore(spec: String) throws {
    let before = TraceSynthesizer(seed: 11, rate: 60, target: try Variant(parsing: spec))
    let standard = try Self.synthesizer(spec)
    for index in 0..<60 {
      #expect(standard.trace(at: index).events == before.trace(at: index).events)
    }
  }

  @Test(arguments: ["lyrics-swap", "player-sheet", "library-pager"])
  func theDefaultsWrittenOutMakeTheSameTraces(spec: String) throws {
    // Every assumption given its default value explicitly: the same draws.
    let standard = try Self.synthesizer(spec)
    let mix = try #require(standard.target)
    var model = IntentModel()
    model.weights = [
      .drag: 0.24, .flick: 0.2, .diagonal: 0.06, .reversal: 0.2, .hesitant: 0.12, .across: 0.1,
    ]
    if spec != "lyrics-swap" { model.weights[.away] = 0.08 }
    model.peekDepth = 3...16
    model.commitDistance = mix.defaultCommitDistance
    model.dragSpeed = 150...900
    model.flickDistance = mix.defaultFlickDistance
    #expect(model != .standard)
    let explicit = try Self.synthesizer(spec, model)
    for index in 0..<80 {
      #expect(explicit.trace(at: index).events == standard.trace(at: index).events)
    }
  }

  @Test func aPeekDepthBoundsEveryHesitantPeek() throws {
    var model = IntentModel()
    model.peekDepth = 30...40
    let synthesizer = try Self.synthesizer("player-sheet", model)
    var peeks = 0
    for (kind, plan) in Self.plans(synthesizer) where kind == .target(.hesitant) {
      peeks += 1
      // The peek's small moves (some stepping back) add up to its depth.
      let total = plan.reaches.reduce(0) { $0 + Self.along($1, plan).magnitude }
      #expect(total >= 30 - 1e-9 && total <= 40 + 1e-9)
    }
    #expect(peeks > 20)  // 12 % of 400
    // In the traces: no peek gets further than 40 pt (plus a few points of
    // sensor noise and pixels), and they go well past the default 16 pt.
    var furthest: [Double] = []
    for index in 0..<400 {
      let trace = synthesizer.trace(at: index)
      guard trace.metadata["kind"] == "hesitant" else { continue }
      #expect(trace.metadata["intent"] == "cancel")
      furthest.append(trace.events.map { -$0.translation.y }.max() ?? 0)
    }
    #expect(furthest.count == peeks)
    #expect(furthest.allSatisfy { $0 <= 43 })
    #expect(furthest.filter { $0 > 16 }.count * 2 > furthest.count)
  }

  @Test func aCommitDistanceSetsEveryCommittedDrag() throws {
    var model = IntentModel()
    model.commitDistance = 200...250
    model.dragSpeed = 100...100
    let synthesizer = try Self.synthesizer("player-sheet", model)
    var drags = 0
    for (kind, plan) in Self.plans(synthesizer) where kind == .target(.drag) {
      drags += 1
      let reach = try #require(plan.reaches.first)
      let distance = Self.along(reach, plan)
      #expect(plan.reaches.count == 1 && distance >= 200 && distance <= 250)
      // 100 pt/s: 2 to 2.5 s, capped at 2 s.
      #expect(reach.duration == 2)
    }
    #expect(drags > 50)  // 24 % of 400
  }

  @Test func aFlickDistanceSetsWhereEveryCommittedFlickIsLifted() throws {
    var model = IntentModel()
    model.flickDistance = 100...120
    let synthesizer = try Self.synthesizer("player-sheet", model)
    var flicks = 0
    for (kind, plan) in Self.plans(synthesizer) where kind == .target(.flick) {
      flicks += 1
      // Lifted at a fraction τ of a minimum-jerk reach scaled so that the
      // finger has covered the drawn distance at τ.
      let lifted = plan.displacement(at: plan.release)
      let along = lifted.x * plan.direction.unit.x + lifted.y * plan.direction.unit.y
      #expect(along >= 100 - 1e-6 && along <= 120 + 1e-6)
    }
    #expect(flicks > 40)  // 20 % of 400
  }

  @Test func aCommitDistanceIsCappedByTheView() throws {
    var model = IntentModel()
    model.commitDistance = 500...2_000
    // The pager drags left along x: at most 95 % of 390 − 24 pt.
    let synthesizer = try Self.synthesizer("library-pager", model)
    for (kind, plan) in Self.plans(synthesizer) where kind == .target(.drag) {
      let distance = Self.along(try #require(plan.reaches.first), plan)
      #expect(distance <= 0.95 * 366 + 1e-9 && distance >= 0.95 * 366 - 1e-9)
    }
  }

  @Test func aMixSetsTheShareOfEachKind() throws {
    var model = IntentModel()
    model.weights = [.hesitant: 0.88, .drag: 0]
    let mix = try #require(try Self.synthesizer("player-sheet", model).target)
    // 0.2 + 0.06 + 0.2 + 0.88 + 0.08 + 0.1 = 1.52, no drags.
    #expect(mix.kinds == [.flick, .diagonal, .reversal, .hesitant, .away, .across])
    let expected = [0.2, 0.06, 0.2, 0.88, 0.08, 0.1].map { $0 / 1.52 }
    for (share, value) in zip(mix.shares, expected) { #expect(abs(share - value) < 1e-12) }

    model.weights = [
      .hesitant: 1, .drag: 0, .flick: 0, .diagonal: 0, .reversal: 0, .away: 0, .across: 0,
    ]
    let peeks = try Self.synthesizer("library-pager", model)
    for index in 0..<50 { #expect(peeks.trace(at: index).metadata["kind"] == "hesitant") }
  }

  @Test func aModelThatDoesNotFitIsAProblem() throws {
    func problem(_ spec: String, _ weights: [TargetGestureMix.Kind: Double]) throws -> String? {
      var model = IntentModel()
      model.weights = weights
      let variant = try Variant(parsing: spec)
      do throws(IntentModel.Problem) {
        _ = try TraceSynthesizer(seed: 1, target: variant, model: model)
        return nil
      } catch { return error.reason }
    }
    #expect(try problem("player-sheet", [.tap: 1])?.contains("tap is not a kind") == true)
    #expect(try problem("music-card", [.hesitant: 1])?.contains("hesitant is not a kind") == true)
    #expect(try problem("lyrics-swap", [.away: 0.1])?.contains("no away gesture") == true)
    #expect(try problem("lyrics-swap", [.away: 0]) == nil)
    #expect(try problem("lyrics-swap:axis=both", [.across: 0.1])?.contains("no across") == true)
    let zeros: [TargetGestureMix.Kind: Double] = [.tap: 0, .scroll: 0, .flick: 0, .across: 0]
    #expect(try problem("music-card", zeros) == "every weight of the mix is 0")
    var model = IntentModel()
    model.peekDepth = 1...2
    #expect(throws: IntentModel.Problem.self) {
      _ = try TraceSynthesizer(
        seed: 1, target: try Variant(parsing: "my-panel", in: MyPanel.catalog), model: model)
    }
    #expect(throws: IntentModel.Problem.self) {
      try model.check(for: try Variant(parsing: "music-card").gesture, changed: ["--peek-depth"])
    }
    var tapMix = IntentModel()
    tapMix.weights = [.tap: 0.3]
    try tapMix.check(for: try Variant(parsing: "music-card").gesture, changed: ["--mix"])
  }

  @Test func everyTraceNamesItsModelAndWritesItsAssumptions() throws {
    func entries(_ synthesizer: TraceSynthesizer) -> [String] {
      let metadata = synthesizer.trace(at: 0).metadata
      return metadata.keys.filter { $0.hasPrefix("intent") && $0 != "intent" }.map {
        "\($0): \(metadata[$0] ?? "")"
      }
    }
    // The sheet's decision distance is half its 806 pt travel: 0.35 × 403
    // = 141.05, 3 × 403 = 1209 and 0.8 × 403 = 322.4.
    #expect(
      entries(try Self.synthesizer("player-sheet")) == [
        "intentModel: synth-target", "intentModelVersion: 1",
        "intentMix: drag=0.24,flick=0.2,diagonal=0.06,reversal=0.2,hesitant=0.12,away=0.08,"
          + "across=0.1",
        "intentPeekDepth: 3...16", "intentCommitDistance: 141.05...1209",
        "intentDragSpeed: 150...900", "intentFlickDistance: 60...322.4",
      ])
    // The lyrics card: 80 pt, so the floors: 45 (not 28), 3 × 80 = 240 and
    // 140 (not 64); no drag away from completion along y.
    var model = IntentModel()
    model.weights = [.hesitant: 0.3]
    model.peekDepth = 10...40.5
    model.dragSpeed = 100...600
    #expect(
      entries(try Self.synthesizer("lyrics-swap", model)) == [
        "intentModel: synth-target", "intentModelVersion: 1",
        "intentMix: drag=0.24,flick=0.2,diagonal=0.06,reversal=0.2,hesitant=0.3,across=0.1",
        "intentPeekDepth: 10...40.5", "intentCommitDistance: 45...240",
        "intentDragSpeed: 100...600", "intentFlickDistance: 60...140",
      ])
    #expect(
      entries(try Self.synthesizer("music-card")) == [
        "intentModel: synth-target", "intentModelVersion: 1",
        "intentMix: tap=0.5,scroll=0.25,flick=0.15,across=0.1",
      ])
    #expect(
      entries(TraceSynthesizer(seed: 1)) == [
        "intentModel: synth-untargeted", "intentModelVersion: 1",
      ])
    let stops = TraceSynthesizer(
      seed: 1, target: try Variant(parsing: "my-panel", in: MyPanel.catalog))
    #expect(entries(stops) == ["intentModel: synth-target-stops", "intentModelVersion: 1"])
    // `source: synth` stays.
    #expect(TraceSynthesizer(seed: 1).trace(at: 0).metadata.source == "synth")
  }

  @Test func rangesAndMixesAreRead() throws {
    #expect(IntentModel.range(parsing: "10...40") == 10...40)
    #expect(IntentModel.range(parsing: "0...0") == 0...0)
    #expect(IntentModel.range(parsing: "2.5...1e2") == 2.5...100)
    for bad in ["40...10", "-1...3", "10..40", "10", "...4", "a...b", "1...nan", "1...1e400"] {
      #expect(IntentModel.range(parsing: bad) == nil, "\(bad)")
    }
    #expect(try IntentModel.weights(parsing: "hesitant=0.3,drag=0") == [.hesitant: 0.3, .drag: 0])
    for bad in ["", "peek=1", "drag", "drag=-1", "drag=1,drag=2", "stay=1", "drag=0.1,"] {
      #expect(throws: IntentModel.Problem.self, "\(bad)") {
        _ = try IntentModel.weights(parsing: bad)
      }
    }
  }
}
