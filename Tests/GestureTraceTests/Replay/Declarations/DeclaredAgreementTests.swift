import Foundation
import Testing

@testable import GestureTrace

/// A declared two-stop sheet of the player sheet's travel decides exactly
/// as `player-sheet` does, trace for trace, under every release rule.
///
/// Settle times are not compared: the player sheet runs its three 0.7 s
/// property animators (a spring scrubbed linearly, two faded alphas) from
/// the fraction reached, while the declared sheet settles with its own
/// spring (response 0.4 s, critically damped) over the distance left.
@Suite struct DeclaredAgreementTests {
  static let file = """
    {"version": 1,
     "transitions": {
       "my-sheet": {"axis": "y", "stops": {"open": 0, "closed": 806}, "start": "closed"}}}
    """

  static let catalog: TransitionCatalog = {
    var catalog = TransitionCatalog.builtIn
    try! catalog.declare(parsing: file, file: "sheet.json")
    return catalog
  }()

  /// The shipped player-sheet corpus, the recorded fingers, and traces
  /// synthesized for the closed and the open sheet.
  static let traces: [Trace] = {
    var traces: [Trace] = []
    for name in ["player-sheet.csv", "recorded-fingers.csv"] {
      let url = packageRoot.appendingPathComponent("traces/\(name)")
      var decoder = CSVTraceDecoder()
      for case .trace(let trace, _) in decoder.decode(try! String(contentsOf: url, encoding: .utf8))
      {
        traces.append(trace)
      }
    }
    for (seed, spec) in [(7, "player-sheet"), (8, "player-sheet:start=open")] {
      let synthesizer = TraceSynthesizer(
        seed: UInt64(seed), rate: 90, target: try! Variant(parsing: spec))
      traces += (0..<120).map { synthesizer.trace(at: $0) }
    }
    return traces
  }()

  @Test(arguments: Variant.ruleNames, ["closed", "open"])
  func declaredSheetDecidesAsThePlayerSheet(rule: String, start: String) throws {
    let replayer = Replayer()
    let builtIn = try Variant(parsing: "player-sheet:start=\(start),rule=\(rule)")
    let declared = try Variant(parsing: "my-sheet:start=\(start),rule=\(rule)", in: Self.catalog)
    var outcomes: [TransitionOutcome: Int] = [:]
    for trace in Self.traces {
      let expected = replayer.outcome(of: trace, with: builtIn)
      let got = replayer.outcome(of: trace, with: declared)
      #expect(got.outcome == expected.outcome, "\(trace.id)")
      #expect(got.decidedAt == expected.decidedAt, "\(trace.id)")
      outcomes[expected.outcome, default: 0] += 1
    }
    #expect(Self.traces.count == 150 + 22 + 240)
    // Both outcomes occur, or the comparison would prove little.
    #expect(outcomes[.complete, default: 0] > 0)
    #expect(outcomes[.cancel, default: 0] > 0)
  }

  @Test func declaredSheetIsFramedAsThePlayerSheet() throws {
    let sheet = try Variant(parsing: "my-sheet", in: Self.catalog)
    let player = try Variant(parsing: "player-sheet")
    #expect(sheet.gesture == player.gesture)
    #expect(sheet.decisionDistance == player.decisionDistance)
    let open = try Variant(parsing: "my-sheet:start=open", in: Self.catalog)
    #expect(open.gesture == (try Variant(parsing: "player-sheet:start=open")).gesture)
    #expect(sheet.track?.stops == [.init("open", 0), .init("closed", 806)])
    #expect(sheet.track?.start == "closed")
    #expect(open.track?.start == "open")
  }
}
