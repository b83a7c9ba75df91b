import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct CheckCommandTests {
  /// Five straight drags down for the lyrics card, each peaking at the ty
  /// its name says (from 12 at the began event). The card swaps when its
  /// offset (ty) is strictly past the dismissal offset: at the default 80,
  /// d85 and e100 complete, a50, b65 and c75 cancel.
  static let corpus = """
    # gesturetrace: 1
    trace,t,phase,tx,ty,vx,vy
    a50,0,began,0,12,,
    a50,0.05,changed,0,50,,
    a50,0.1,ended,0,50,0,0
    b65,0,began,0,12,,
    b65,0.05,changed,0,65,,
    b65,0.1,ended,0,65,0,0
    c75,0,began,0,12,,
    c75,0.05,changed,0,75,,
    c75,0.1,ended,0,75,0,0
    d85,0,began,0,12,,
    d85,0.05,changed,0,85,,
    d85,0.1,ended,0,85,0,0
    e100,0,began,0,12,,
    e100,0.05,changed,0,100,,
    e100,0.1,ended,0,100,0,0

    """

  /// The peaks above, by trace.
  static let peaks = ["a50": 50.0, "b65": 65, "c75": 75, "d85": 85, "e100": 100]

  /// A folder with the corpus and the table `replay` writes for it under
  /// lyrics-swap: (folder, table path).
  private func madeTable(_ variants: [String] = ["lyrics-swap"]) throws -> (URL, String) {
    let folder = try temporaryDirectory()
    let traces = folder.appendingPathComponent("drags.csv").path
    try Self.corpus.write(toFile: traces, atomically: true, encoding: .utf8)
    let table = folder.appendingPathComponent("expected.csv").path
    let made = run(
      ["replay", traces, "--format", "csv", "-o", table] + variants.flatMap { ["--variant", $0] })
    #expect(made.exitCode == .success, "\(made.error)")
    return (folder, table)
  }

  /// The table's text with `old` replaced by `new`.
  private func edit(_ table: String, _ old: String, _ new: String) throws {
    let text = try String(contentsOfFile: table, encoding: .utf8)
    #expect(text.contains(old))
    try text.replacingOccurrences(of: old, with: new)
      .write(toFile: table, atomically: true, encoding: .utf8)
  }

  /// A text report with its wrapped lines joined again: a line break and
  /// its indentation become one space (paths of temporary folders are long).
  private func unwrapped(_ text: String) -> String {
    var lines: [(indent: Int, text: String)] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let body = line.drop { $0 == " " }
      let indent = body.isEmpty ? -1 : line.count - body.count
      // A continuation: indented as the line before, in the summary (0,
      // not a heading) or in a reason (4).
      let heading = body.hasPrefix("Variants:") || body.hasPrefix("Changed")
      if let last = lines.last, last.indent == indent, indent == 4 || (indent == 0 && !heading) {
        lines[lines.count - 1].text += " " + body
      } else {
        lines.append((indent, String(line)))
      }
    }
    return lines.map(\.text).joined(separator: "\n")
  }

  /// The traces a JSON report lists as changed.
  private func changedTraces(_ output: String) throws -> [String] {
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let changes = try #require(json["changes"] as? [[String: Any]])
    return changes.compactMap { $0["trace"] as? String }
  }

  @Test func replayNamesItsInputAndCheckOnUnchangedTracesExitsZero() throws {
    let (folder, table) = try madeTable()
    // The table names its input relative to its own folder: its sibling.
    #expect(
      try String(contentsOfFile: table, encoding: .utf8) == """
        # input: drags.csv
        trace,lyrics-swap
        a50,cancel
        b65,cancel
        c75,cancel
        d85,complete
        e100,complete

        """)
    let result = run(["check", table])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(
      result.output.replacingOccurrences(of: "against\n", with: "against ") == """
        All 5 decisions as expected (5 traces × 1 variant) against \(table).
        Variants:
          [1] lyrics-swap

        """)
    // The traces given on the command line are read instead.
    let given = run(["check", table, folder.appendingPathComponent("drags.csv").path])
    #expect(given.exitCode == .success, "\(given.error)")
  }

  /// A changed dismissal offset flips exactly the traces whose peak lies
  /// between it and 80 (strictly above the lower, at most the higher).
  @Test(
    arguments: [
      (60.0, ["b65", "c75"]), (70, ["c75"]), (40, ["a50", "b65", "c75"]), (90, ["d85"]),
      (99.5, ["d85"]), (100, ["d85", "e100"]), (80, []),
    ] as [(Double, [String])])
  func aChangedThresholdListsExactlyTheTracesThatFlip(threshold: Double, flips: [String]) throws {
    let (_, table) = try madeTable()
    let spec = "lyrics-swap:dismissalOffset=\(threshold.reportText)"
    try edit(table, "trace,lyrics-swap\n", "trace,\(spec)\n")
    // The hand computation: a trace flips when it is on the other side of
    // the new threshold than of 80.
    let expected = Self.peaks.keys.sorted { Self.peaks[$0]! < Self.peaks[$1]! }.filter {
      (Self.peaks[$0]! > threshold) != (Self.peaks[$0]! > 80)
    }
    #expect(expected == flips)
    let result = run(["check", table, "--format", "json"])
    #expect(result.exitCode == (flips.isEmpty ? .success : .failure), "\(result.error)")
    #expect(try changedTraces(result.output) == flips)
    let run = run(["check", table])
    #expect(run.exitCode == result.exitCode)
    let text = unwrapped(run.output)
    for trace in flips {
      let now = Self.peaks[trace]! > threshold ? "complete" : "cancel"
      let was = now == "complete" ? "cancel" : "complete"
      // The decision, then why: the threshold, the peak, the release.
      #expect(text.contains("  \(trace) [1]: expected \(was), now \(now)\n"))
      #expect(
        text.contains(
          "dismissalOffset \(threshold.reportText): offset peaked at "
            + "\(fixed(Self.peaks[trace]!, 2))"), "\(text)")
    }
    if !flips.isEmpty {
      #expect(text.hasPrefix("\(flips.count) of 5 decisions changed (5 traces × 1 variant)"))
      #expect(text.contains("released at 0 pt/s (y) after "))
    }
  }

  @Test func eitherCellsAcceptBothOutcomesAndUpdateKeepsThem() throws {
    let (_, table) = try madeTable(["lyrics-swap", "player-sheet"])
    // At 60, b65 and c75 flip to complete; b65 is marked fragile (*) under
    // lyrics-swap, and a50 (which does not flip) too.
    try edit(table, "trace,lyrics-swap,", "trace,lyrics-swap:dismissalOffset=60,")
    try edit(table, "b65,cancel,", "b65,*,")
    try edit(table, "a50,cancel,", "a50,*,")
    let checked = run(["check", table, "--format", "json"])
    #expect(checked.exitCode == .failure)
    #expect(try changedTraces(checked.output) == ["c75"])
    let json = try JSONSerialization.jsonObject(with: Data(checked.output.utf8)) as? [String: Any]
    #expect(json?["either"] as? Int == 2)
    #expect(json?["decisions"] as? Int == 10)

    let updated = run(["check", table, "--update"])
    #expect(updated.exitCode == .success, "\(updated.error)")
    #expect(unwrapped(updated.output).contains("Updated \(table) to today's outcomes."))
    #expect(updated.output.contains("  c75 [1]: expected cancel, now complete\n"))
    // Today's outcomes, the * cells kept, the metadata line kept.
    #expect(
      try String(contentsOfFile: table, encoding: .utf8) == """
        # input: drags.csv
        trace,lyrics-swap:dismissalOffset=60,player-sheet
        a50,*,complete
        b65,*,complete
        c75,complete,complete
        d85,complete,complete
        e100,complete,complete

        """)
    #expect(run(["check", table]).exitCode == .success)
  }

  @Test func quotedSpecsRoundTripThroughReplayCheckAndUpdate() throws {
    let specs = ["lyrics-swap:axis=y,dismissalOffset=70", "player-sheet:rule=distance"]
    let (_, table) = try madeTable(specs)
    let header = "trace,\"lyrics-swap:axis=y,dismissalOffset=70\",player-sheet:rule=distance\n"
    #expect(try String(contentsOfFile: table, encoding: .utf8).contains("\n" + header))
    let checked = run(["check", table, "--format", "json"])
    #expect(checked.exitCode == .success, "\(checked.error)")
    let json = try JSONSerialization.jsonObject(with: Data(checked.output.utf8)) as? [String: Any]
    #expect(json?["variants"] as? [String] == specs)
    let before = try String(contentsOfFile: table, encoding: .utf8)
    #expect(run(["check", table, "--update"]).exitCode == .success)
    #expect(try String(contentsOfFile: table, encoding: .utf8) == before)
  }

  @Test func updateAddsTheTracesTheTableDoesNotList() throws {
    let (_, table) = try madeTable()
    try edit(table, "c75,cancel\nd85,complete\ne100,complete\n", "")
    let checked = run(["check", table])
    #expect(checked.exitCode == .success)
    #expect(unwrapped(checked.output).contains("3 traces of the inputs are not in the table"))
    #expect(run(["check", table, "--update"]).exitCode == .success)
    #expect(
      try String(contentsOfFile: table, encoding: .utf8).hasSuffix(
        "a50,cancel\nb65,cancel\nc75,cancel\nd85,complete\ne100,complete\n"))
  }

  @Test func junitOutputParsesWithOneCasePerTraceAndVariantAndCountsTheFailures() throws {
    let (_, table) = try madeTable(["lyrics-swap", "player-sheet"])
    try edit(table, "trace,lyrics-swap,", "trace,lyrics-swap:dismissalOffset=60,")
    try edit(table, "a50,cancel,", "a50,*,")
    let result = run(["check", table, "--format", "junit"])
    #expect(result.exitCode == .failure)
    let report = try JUnitStructure(parsing: result.output)
    #expect(report.problems.isEmpty, "\(report.problems)")
    // Root: 5 traces × 2 variants, 2 failures (b65 and c75 under [1]).
    #expect(report.root["tests"] == "10")
    #expect(report.root["failures"] == "2")
    #expect(
      report.suites.map { $0.attributes["name"] } == [
        "lyrics-swap:dismissalOffset=60", "player-sheet",
      ])
    #expect(report.suites.map { $0.cases.count } == [5, 5])
    #expect(report.suites.map { $0.attributes["tests"] } == ["5", "5"])
    #expect(report.suites.map { $0.attributes["failures"] } == ["2", "0"])
    let failed = report.suites[0].cases.filter { $0.failure != nil }
    #expect(failed.map { $0.attributes["name"] } == ["b65", "c75"])
    #expect(failed.first?.failure?.message == "expected cancel, now complete")
    #expect(failed.first?.failure?.text.contains("offset peaked at 65.00") == true)
    // The * cell passes and says so.
    #expect(report.suites[0].cases[0].output?.hasPrefix("either outcome accepted") == true)
    // The same bytes each time.
    #expect(run(["check", table, "--format", "junit"]).output == result.output)
  }

  @Test func theShippedTableHolds() {
    let table = packageRoot.appendingPathComponent("traces/golden/decisions.csv").path
    // NB: the traces are in the folder above the table's, which the table
    // cannot name: they are given after it.
    let traces = packageRoot.appendingPathComponent("traces/player-sheet.csv").path
    let result = run(["check", table, traces])
    #expect(result.exitCode == .success, "\(result.output)\(result.error)")
    #expect(result.output.hasPrefix("All 300 decisions as expected (150 traces × 2 variants)"))
  }

  @Test(arguments: [
    ("trace\n", 64, "names no variant: its header is 'trace' alone"),
    ("trace,lyrics-swap\nzz,cancel\n", 64, "1 trace the table lists is in none of the inputs"),
    ("trace,lyrics-swap\na50,maybe\n", 65, ":2:5: expected 'complete', 'cancel', a page number"),
    ("trace,lyrics-swap\na50,cancel,cancel\n", 65, ":2:12: expected 2 fields"),
    ("trace,lyrics-swop\n", 65, ":1:7: expected a variant spec, found 'lyrics-swop'"),
    ("tracks,lyrics-swap\n", 65, ":1:1: expected the header 'trace,<variant>,…'"),
    ("trace,lyrics-swap\na50,cancel\na50,cancel\n", 65, "the trace 'a50' is listed twice"),
    ("# estimator: guess\ntrace,lyrics-swap\n", 65, "its 'estimator' metadata 'guess'"),
    ("", 65, ":1:1: expected the header"),
  ])
  func badTablesAreDataOrUsageErrors(_ text: String, _ code: Int32, _ message: String) throws {
    let (folder, _) = try madeTable()
    let table = folder.appendingPathComponent("bad.csv").path
    try text.write(toFile: table, atomically: true, encoding: .utf8)
    let result = run(["check", table, folder.appendingPathComponent("drags.csv").path])
    #expect(result.exitCode.rawValue == code)
    #expect(result.error.hasPrefix("Error: "))
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test func missingTableAndUpdatingStandardInputAreRefused() {
    assertRun(["check", "/nonexistent/expected.csv"], stderr: nil, exit: .noInput)
    let result = run(["check", "-", "--update"], input: "trace,lyrics-swap\n")
    #expect(result.exitCode == .usage)
    #expect(result.error.hasPrefix("Error: --update rewrites the table"))
  }

  @Test func tablePathsAreRelativeToTheTablesFolder() {
    #expect(TablePath.naming("traces/a.csv", from: "traces/golden/t.csv") == "../a.csv")
    #expect(TablePath.naming("a.csv", from: "t.csv") == "a.csv")
    #expect(TablePath.naming("./x/../a.csv", from: "out/t.csv") == "../a.csv")
    let elsewhere = "/nonexistent-root/a.csv"
    #expect(TablePath.naming(elsewhere, from: "t.csv") == elsewhere)
    #expect(TablePath.naming("/x/traces/a.csv", from: "/x/t.csv") == "traces/a.csv")
    #expect(TablePath.naming("a.csv", from: "-") == "a.csv")
    #expect(TablePath.resolving("../a.csv", from: "traces/golden/t.csv") == "traces/a.csv")
    #expect(TablePath.resolving("a.csv", from: "t.csv") == "a.csv")
    #expect(TablePath.resolving("/data/a.csv", from: "x/t.csv") == "/data/a.csv")
    #expect(TablePath.resolving("a.csv", from: "/x/t.csv") == "/x/a.csv")
  }
}

/// A JUnit report read with Foundation's XMLParser: the elements of the
/// common JUnit schema, and what breaks it (unknown elements, a test case
/// outside a suite, counts that do not add up).
final class JUnitStructure: NSObject, XMLParserDelegate {
  struct Failure {
    var message: String?
    var text = ""
  }
  struct Case {
    var attributes: [String: String]
    var failure: Failure?
    var output: String?
  }
  struct Suite {
    var attributes: [String: String]
    var cases: [Case] = []
  }

  private(set) var root: [String: String] = [:]
  private(set) var suites: [Suite] = []
  private(set) var problems: [String] = []
  private var path: [String] = []
  private var text = ""

  init(parsing xml: String) throws {
    super.init()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = self
    guard parser.parse() else {
      throw JUnitError(description: "not well-formed: \(String(describing: parser.parserError))")
    }
    check()
  }

  struct JUnitError: Error, CustomStringConvertible {
    var description: String
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    let parent = path.last
    text = ""
    switch (parent, name) {
    case (nil, "testsuites"): root = attributes
    case ("testsuites", "testsuite"): suites.append(Suite(attributes: attributes))
    case ("testsuite", "testcase"):
      suites[suites.count - 1].cases.append(Case(attributes: attributes))
    case ("testcase", "failure"):
      let last = suites[suites.count - 1].cases.count - 1
      suites[suites.count - 1].cases[last].failure = Failure(message: attributes["message"])
    case ("testcase", "system-out"): break
    default: problems.append("<\(name)> inside <\(parent ?? "nothing")>")
    }
    if ["testsuites", "testsuite", "testcase"].contains(name), attributes["name"] == nil {
      problems.append("<\(name)> without a name")
    }
    path.append(name)
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    path.removeLast()
    guard !suites.isEmpty, let last = suites.last?.cases.indices.last else { return }
    if name == "failure" { suites[suites.count - 1].cases[last].failure?.text = text }
    if name == "system-out" { suites[suites.count - 1].cases[last].output = text }
  }

  /// The counts: each suite's tests and failures match its cases, and the
  /// root's match the suites'.
  private func check() {
    var tests = 0
    var failures = 0
    for suite in suites {
      let failed = suite.cases.filter { $0.failure != nil }.count
      if suite.attributes["tests"] != String(suite.cases.count) {
        problems.append("suite \(suite.attributes["name"] ?? "?") counts its tests wrong")
      }
      if suite.attributes["failures"] != String(failed) {
        problems.append("suite \(suite.attributes["name"] ?? "?") counts its failures wrong")
      }
      tests += suite.cases.count
      failures += failed
    }
    if root["tests"] != String(tests) { problems.append("root counts its tests wrong") }
    if root["failures"] != String(failures) { problems.append("root counts its failures wrong") }
  }
}
