import Testing

@testable import GestureTrace

@Suite struct ReleaseRuleCatalogTests {
  @Test func listsTheSpecsRulesInOrder() {
    #expect(
      Variant.ruleNames == [
        "velocity-sign", "distance", "fraction", "projection", "bottom-sheet", "swipe",
        "hammer", "flutter-fling", "android-pager",
      ])
  }

  @Test func playerSheetComparesItsRuleWithEveryOther() {
    #expect(
      PlayerSheetTransition.alternatives == [
        "rule=distance", "rule=fraction", "rule=projection", "rule=bottom-sheet", "rule=swipe",
        "rule=hammer", "rule=flutter-fling", "rule=android-pager",
      ])
    #expect(
      Variant.ruleAlternatives(to: "hammer", among: ["swipe", "hammer", "never"])
        == ["rule=swipe", "rule=never"])
  }

  @Test(arguments: Variant.ruleNames)
  func ruleIsDocumented(_ name: String) throws {
    let rule = try #require(Variant.rules.first { $0.name == name })
    #expect(!rule.summary.isEmpty)
    #expect(!rule.source.isEmpty)
    #expect(!rule.parameters.isEmpty)
    for parameter in rule.parameters {
      #expect(!parameter.summary.isEmpty, "\(name).\(parameter.name)")
      #expect(!parameter.source.isEmpty, "\(name).\(parameter.name)")
      // The default is a value the parameter accepts.
      #expect(parameter.value(parsing: parameter.defaultValue) != nil, "\(name).\(parameter.name)")
    }
  }

  @Test func parameterNamesAreUnique() {
    var seen: [String: String] = [:]
    // Reserved: every transition's own parameters (player-sheet's start,
    // distance, duration, tabBarHeight, rule among them), axis and slop.
    for family in Variant.transitions {
      for parameter in family.parameters { seen[parameter.name] = family.name }
    }
    seen["axis"] = "reserved"
    seen["slop"] = "reserved"
    #expect(PlayerSheetTransition.parameters.allSatisfy { seen[$0.name] != nil })
    for rule in Variant.rules {
      for parameter in rule.parameters {
        #expect(
          seen[parameter.name] == nil,
          "\(rule.name).\(parameter.name) clashes with \(seen[parameter.name] ?? "")")
        seen[parameter.name] = rule.name
      }
    }
  }

  @Test func ruleNamesAreUnique() {
    #expect(Set(Variant.ruleNames).count == Variant.rules.count)
  }

  @Test func parsesTheIssuesExample() throws {
    let variant = try Variant(parsing: "player-sheet:rule=projection,rate=0.99")
    #expect(variant.values.word("rule") == "projection")
    #expect(variant.values.number("rate") == 0.99)
    let rule = try #require(Variant.makeRule(variant.values) as? ProjectionRule)
    #expect(rule.rate == 0.99)
  }

  @Test(arguments: [
    "player-sheet:rule=projection,rate=abc",
    "player-sheet:rule=projection,rate=1",
    "player-sheet:rule=nope",
    "player-sheet:rule=distance,rate=0.99",
    "player-sheet:rule=bottom-sheet,sheetEnd=sideways",
  ])
  func rejectsBadSpecs(_ spec: String) {
    #expect(throws: VariantError.self) { try Variant(parsing: spec) }
  }

  /// Every rule with every parameter spelled out at its default parses,
  /// and makes a transition.
  @Test(arguments: Variant.ruleNames)
  func everyParameterIsOverridable(_ name: String) throws {
    let rule = try #require(Variant.rules.first { $0.name == name })
    let settings = rule.parameters.map { "\($0.name)=\($0.defaultValue)" }
    let spec = "player-sheet:" + (["rule=\(name)"] + settings).joined(separator: ",")
    let variant = try Variant(parsing: spec)
    #expect(type(of: Variant.makeRule(variant.values)).name == name)
    _ = variant.makeTransition()
  }
}
