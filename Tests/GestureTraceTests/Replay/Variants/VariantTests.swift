import Testing

@testable import GestureTrace

@Suite struct VariantTests {
  @Test func keepsTheSpecAsGiven() throws {
    let variant = try Variant(parsing: "lyrics-swap:axis=x,dismissalOffset=70")
    #expect(variant.spec == "lyrics-swap:axis=x,dismissalOffset=70")
    #expect(variant.transition == "lyrics-swap")
    #expect(variant.values.word("axis") == "x")
    #expect(variant.values.number("dismissalOffset") == 70)
    // Defaults fill the rest.
    #expect(variant.values.number("swapDuration") == 0.33)
  }

  @Test(arguments: [
    ("lyrics-swapp", "unknown transition 'lyrics-swapp'; expected one of lyrics-swap"),
    (
      "lyrics-swap:axis=z",
      "invalid value 'z' for axis in 'lyrics-swap:axis=z'; expected one of y, x, both"
    ),
    ("lyrics-swap:dismissal=3", "unknown parameter 'dismissal' for lyrics-swap"),
    ("lyrics-swap:dismissalOffset=abc", "expected a number from 0 to 10000"),
    ("lyrics-swap:dismissalOffset=-1", "expected a number from 0 to 10000"),
    ("lyrics-swap:dismissalOffset=nan", "expected a number"),
    ("lyrics-swap:axis", "expected 'key=value' in 'lyrics-swap:axis', found 'axis'"),
    ("lyrics-swap:", "expected 'key=value' in 'lyrics-swap:', found ''"),
    ("lyrics-swap:axis=x,axis=y", "'axis' is given twice"),
    (
      "player-sheet:rule=nope",
      "unknown rule 'nope' in 'player-sheet:rule=nope'; expected one of velocity-sign"
    ),
  ])
  func rejectsBadSpecsWithTheValidChoices(spec: String, message: String) {
    #expect {
      _ = try Variant(parsing: spec)
    } throws: { error in
      (error as? VariantError)?.description.contains(message) == true
    }
  }

  @Test func theSeedsAreEveryFamilyWithDefaults() {
    #expect(Variant.seeds.map(\.spec) == Variant.transitions.map { $0.name })
  }

  @Test func everyParameterIsDocumentedAndItsDefaultParses() {
    for family in Variant.transitions {
      #expect(!family.summary.isEmpty && !family.source.isEmpty)
      let names = Variant.parameters(of: family).map(\.name)
      #expect(Set(names).count == names.count, "\(family.name) repeats a parameter")
      for parameter in family.parameters {
        #expect(!parameter.summary.isEmpty && !parameter.source.isEmpty)
        let spec = "\(family.name):\(parameter.name)=\(parameter.defaultValue)"
        // Defaults that depend on another setting are written as text.
        if parameter.defaultValue.contains("(") { continue }
        #expect(throws: Never.self) { try Variant(parsing: spec) }
      }
    }
  }
}

/// Each transition declares where it decides by distance
/// (``Transition/decisionDistance(_:)``), from its parameters as the
/// articles set them (transitions.md): half the sheet's 806 pt travel, half
/// the pager's 414 pt page, the music card's 10 pt tap slop or half of its
/// 896 − 48 pt travel, the lyrics card's offsets.
@Suite struct DecisionDistanceTests {
  @Test(arguments: [
    ("lyrics-swap", 80.0), ("lyrics-swap:dismissalOffset=70", 70), ("lyrics-swap:axis=x", 60),
    ("lyrics-swap:axis=both", 135), ("lyrics-swap:axis=both,dismissalOffset=40", 60),
    ("player-sheet", 403), ("player-sheet:distance=500", 250), ("library-pager", 207),
    ("music-card", 10), ("music-card:mode=drag", 424),
  ])
  func seedsDeclareTheirDecisionDistance(_ spec: String, _ expected: Double) throws {
    #expect(try Variant(parsing: spec).decisionDistance == expected)
  }
}
