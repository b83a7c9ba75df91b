import Testing

@testable import GestureTrace

@Suite struct SweepTests {
  @Test func stepsFromLowToHighInclusive() throws {
    let sweep = try Sweep(parsing: "lyrics-swap.dismissalOffset=40...160:5")
    #expect(sweep.base == "lyrics-swap")
    #expect(sweep.parameter == "dismissalOffset")
    // (160 − 40) / 5 + 1 = 25 values.
    #expect(sweep.values.count == 25)
    #expect(sweep.values.first == 40 && sweep.values.last == 160)
    #expect(sweep.variants[1].spec == "lyrics-swap:dismissalOffset=45")
  }

  @Test func decimalStepsStayOnTheDecimalGrid() throws {
    // 0.1 + 2 × 0.1 is 0.30000000000000004 in binary; the sweep rounds to
    // the decimals written.
    let sweep = try Sweep(parsing: "player-sheet:rule=projection.rate=0.9...0.99:0.03")
    #expect(sweep.values == [0.9, 0.93, 0.96, 0.99])
    #expect(sweep.variants.map(\.spec).last == "player-sheet:rule=projection,rate=0.99")
  }

  @Test(arguments: [
    "lyrics-swap", "lyrics-swap.dismissalOffset=40..160:5", "lyrics-swap.dismissalOffset=9...1:1",
    "lyrics-swap.dismissalOffset=1...9:0", "lyrics-swap.axis=1...2:1", "nope.x=1...2:1",
    "lyrics-swap.dismissalOffset=0...100000:1",
  ])
  func rejectsBadSweeps(spec: String) {
    #expect(throws: VariantError.self) { try Sweep(parsing: spec) }
  }
}
