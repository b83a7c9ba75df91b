import Testing

@testable import GestureTraceCLI

@Suite struct AnalyzeCommandTests {
  @Test func defaultInputIsTheShippedTraces() {
    let result = run(["analyze"])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(result.output.contains("traces/synth.csv: 250 traces"))
    #expect(result.output.contains("traces/recorded-fingers.csv: 22 traces"))
    #expect(result.output.contains("All 2 files: 272 traces"))
  }

  @Test func quantilesMatchAHandComputedExample() {
    // Durations 100, 200, 300, 400 ms and net distances 10, 20, 30, 40 pt.
    // Definition 7: p25 at position 0.75 → 100 + 0.75 × 100 = 175;
    // p50 at 1.5 → 250; p5 at 0.15 → 115; p95 at 2.85 → 385.
    var csv = "trace,t,phase,tx,ty,vx,vy\n"
    for k in 1...4 {
      csv += "g\(k),0,began,0,0,0,0\ng\(k),0.\(k),ended,0,\(k)0,0,\(k * 100)\n"
    }
    let result = run(["analyze", "-"], input: csv)
    #expect(result.exitCode == .success)
    #expect(result.output == """
      <stdin>: 4 traces, 8 events
                                 p5    p25    p50    p75    p95
        duration (ms)         115.0  175.0  250.0  325.0  385.0
        net distance (pt)      11.5   17.5   25.0   32.5   38.5
        release speed (pt/s)  115.0  175.0  250.0  325.0  385.0


      """)
  }
}
