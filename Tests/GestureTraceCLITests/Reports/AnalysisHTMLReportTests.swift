import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct AnalysisHTMLReportTests {
  /// The hand-made corpus of ``AnalyzeCommandTests`` with three variants, a
  /// sweep and two groups, so that every kind of chart is drawn.
  static let arguments =
    AnalyzeCommandTests.variants + [
      "--sweep", "lyrics-swap.dismissalOffset=70...90:10", "--group-by", "source",
    ]

  /// Charts per summary: outcomes, 3 translation charts (one per variant),
  /// agreement, 2 accuracy charts (lyrics-swap, player-sheet), 1 sweep,
  /// 10 feature histograms and 2 decision maps (lyrics-swap, player-sheet)
  /// = 20; the summary over all traces and the two groups (s1, s2) make
  /// 3 × 20 = 60.
  static let svgCount = 93

  /// Runs `analyze --format html` on `input` with `arguments`.
  static func report(
    _ arguments: [String] = arguments, input: String = AnalyzeCommandTests.corpus,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    let result = run(["analyze", "-", "--format", "html"] + arguments, input: input)
    #expect(result.exitCode == .success, "\(result.error)", sourceLocation: sourceLocation)
    return result.output
  }

  /// The `<svg>…</svg>` blocks of a page (they never nest).
  static func svgBlocks(_ page: String) -> [Substring] {
    var blocks: [Substring] = []
    var rest = page[...]
    while let start = rest.range(of: "<svg"),
      let end = rest[start.upperBound...].range(of: "</svg>")
    {
      blocks.append(rest[start.lowerBound..<end.upperBound])
      rest = rest[end.upperBound...]
    }
    return blocks
  }

  @Test func everySVGIsWellFormedXMLWithARoleAndATitle() throws {
    let blocks = Self.svgBlocks(Self.report())
    #expect(blocks.count == Self.svgCount)
    for block in blocks {
      let outline = XMLOutline()
      let parser = XMLParser(data: Data(block.utf8))
      parser.delegate = outline
      let parsed = parser.parse()
      #expect(parsed, "\(parser.parserError.map { "\($0)" } ?? ""): \(block.prefix(200))")
      #expect(outline.elements.first == "svg")
      #expect(outline.rootAttributes["role"] == "img")
      #expect(outline.rootAttributes["xmlns"] == "http://www.w3.org/2000/svg" || outline.namespaced)
      // The first child is the <title>, which names the image.
      #expect(outline.elements.dropFirst().first == "title")
      #expect(!outline.title.isEmpty)
    }
  }

  @Test func pageRefersToNothingOutsideItself() {
    let page = Self.report()
    let withoutNamespace = page.replacingOccurrences(
      of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
    for reference in ["http://", "https://", "src=", "url(", "<link", "<script", "@import", "//"] {
      #expect(!withoutNamespace.contains(reference), "found \(reference)")
    }
    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    #expect(page.contains("<title>GestureTrace analysis</title>"))
    #expect(page.hasSuffix("</html>\n"))
  }

  @Test func twoRunsGiveIdenticalBytes() {
    #expect(Self.report() == Self.report())
  }

  @Test func variantSpecsCountsAndIntervalsAppear() {
    let page = Self.report()
    for spec in ["lyrics-swap", "lyrics-swap:dismissalOffset=100", "player-sheet"] {
      #expect(page.contains("<li><code>\(spec)</code></li>"))
    }
    // From AnalyzeCommandTests: [1] completes a and b (2 of 4), [2] only b
    // (1 of 4), [3] a and c (2 of 4). Wilson 95 % for 2 of 4 is
    // 0.150039…0.849961 and for 1 of 4 0.045587…0.699358 (worked in Python).
    #expect(page.contains(">2/4 = 50.0 % [15.0–85.0 %]</text>"))
    #expect(page.contains(">1/4 = 25.0 % [4.6–69.9 %]</text>"))
    #expect(page.contains(">3/4 = 75.0 % [30.1–95.4 %]</text>"))
    #expect(page.contains("<td class=\"n\">25.0 %</td><td class=\"n\">4.6 % – 69.9 %</td>"))
    // Agreement, only within lyrics-swap: [1]/[2] 3 of 4 (they differ on a).
    for cell in ["75.0 %", "100.0 %"] {
      #expect(page.contains(">\(cell)</text>"))
    }
    #expect(page.contains("<h3>Disagreements (1 of 4 traces)</h3>"))
    #expect(page.contains("<h2>Group source = s1 (2 traces)</h2>"))
    #expect(page.contains("<h2>Group source = s2 (2 traces)</h2>"))
  }

  @Test func sweepCurveMarksTheHandComputedBestValue() {
    // Peaks 90, 120, 40, 79.5; complete when the peak is above the value.
    // 70: a, b, d complete (75 %), accuracy 3/4 (d meant cancel);
    // 80: a, b (50 %), accuracy 4/4; 90: b (25 %), accuracy 3/4. Best: 80.
    let page = Self.report()
    #expect(page.contains(">dismissalOffset 70: completion 75.0 %</title>"))
    #expect(page.contains(">dismissalOffset 80: completion 50.0 %</title>"))
    #expect(page.contains(">dismissalOffset 90: completion 25.0 %</title>"))
    #expect(page.contains(">dismissalOffset 80: accuracy 100.0 %</title>"))
    #expect(page.contains(">dismissalOffset 90: accuracy 75.0 %</title>"))
    // 4/4 has the Wilson interval 51.0 %–100 %: 70 and 90 (75 %) are on
    // the plateau too, 3 of 3 values: flat, so no value is suggested and
    // no rule is drawn. Two meant complete, two cancel: the baseline
    // answers 'complete' (ties go to it) and scores 50 %.
    #expect(!page.contains(">suggested "))
    #expect(page.contains(">plateau 70–90</title>"))
    #expect(page.contains(">flat: no value suggested</text>"))
    #expect(
      page.contains(
        "<p>Highest accuracy at dismissalOffset 80: 100.0 % of 4 labelled traces (51.0 % – "
          + "100.0 %); always answering &#39;complete&#39; scores 50.0 %.</p>"))
    #expect(
      page.contains(
        "<p>Flat: 3 of 3 values are within that interval (at least 51.0 %): 70–90. The data "
          + "do not identify dismissalOffset, so no value is suggested.</p>"))
    // Folds by id: a 1, b 4, c and d 3, 0 and 2 empty. Every fold's other
    // folds find the curve flat and pick its middle, 80, right on all 4
    // held-out traces; always 'complete' is right on 2 (McNemar 2 to 0).
    #expect(
      page.contains(
        "picks 80 on every fold (flat on 5 of 5 folds); scored on the fold left out each time, "
          + "it is right for 100.0 % (51.0 % – 100.0 %) of 4 traces vs 50.0 % for always "
          + "answering &#39;complete&#39; on the same traces (p = 0.500, exact McNemar)."))
    // The plateau reaches both ends of 70…90.
    #expect(
      page.contains(
        "<p>Edge: the plateau reaches the start of the range (70) and the end of the range "
          + "(90): widen it; values beyond may be as good.</p>"))
  }

  @Test func translationCurveIsPlacedByHandComputedScales() {
    let page = Self.report()
    // Chart 560 × 300 with margins 58, 14, 44, 42: frame x 58…546 (488 px),
    // y 258…44 (214 px). Time 0…0.02 s: 488 / 60 → 8 ticks, 0.02 / 8 =
    // 0.0025 → step 0.005, so the axis stays 0…0.02. Translation 12…120
    // (thresholds 20 and 80 inside): 214 / 40 → 5 ticks, 120 / 5 = 24 →
    // step 50, so the axis is 0…150.
    // Trace a: (0, 12), (0.01, 90), (0.02, 90) →
    //   x 58, 58 + 488 / 2 = 302, 546;
    //   y 258 − 12 / 150 × 214 = 240.88, 258 − 90 / 150 × 214 = 129.6.
    #expect(
      page.contains(
        "<polyline points=\"58,240.9 302,129.6 546,129.6\" fill=\"none\" stroke=\"#0072b2\""))
    // [1] lyrics-swap completes a at 0.01 s, [2] cancels it at release.
    #expect(page.contains("<title>a (y): complete, decided at 0.010 s</title>"))
    #expect(page.contains("<title>a (y): cancel, decided at 0.020 s</title>"))
    // dismissalOffset 80 at 258 − 80 / 150 × 214 = 143.87 and fadeOffset
    // 20 at 258 − 20 / 150 × 214 = 229.47, dashed across the frame.
    #expect(
      page.contains(
        "<line x1=\"58\" y1=\"143.9\" x2=\"546\" y2=\"143.9\" stroke=\"#444\" stroke-width=\"1\""
          + " stroke-dasharray=\"6 4\"/>"))
    #expect(page.contains("<line x1=\"58\" y1=\"229.5\" x2=\"546\" y2=\"229.5\""))
    #expect(page.contains(">dismissalOffset 80</text>"))
  }

  /// Two traces in JSON Lines, one with a hostile id and group name; the
  /// two lyrics-swap variants decide it differently (peak 90).
  static let hostile = """
    {"id":"<script>&\\"'","meta":{"source":"<b>&\\"'</b>"},"events":[\
    {"t":0,"phase":"began","tx":0,"ty":12},{"t":0.01,"phase":"changed","tx":0,"ty":90},\
    {"t":0.02,"phase":"ended","tx":0,"ty":90,"vx":0,"vy":0}]}
    {"id":"calm","meta":{"source":"s1"},"events":[\
    {"t":0,"phase":"began","tx":0,"ty":0},{"t":0.02,"phase":"ended","tx":0,"ty":5,"vx":0,"vy":0}]}

    """

  @Test func hostileTextAppearsOnlyEscaped() throws {
    let page = Self.report(
      [
        "--from", "jsonl", "--variant", "lyrics-swap", "--variant",
        "lyrics-swap:dismissalOffset=100", "--group-by", "source",
      ], input: Self.hostile)
    #expect(!page.contains("<script"))
    #expect(!page.contains("<b>"))
    #expect(!page.contains("&\"'"))
    // The id in the disagreements table and in the curves' tooltips.
    let id = "&lt;script&gt;&amp;&quot;&#39;"
    #expect(page.contains("<td>\(id)</td>"))
    #expect(page.contains("<title>\(id) (y): complete, decided at 0.010 s</title>"))
    #expect(page.contains("<h2>Group source = &lt;b&gt;&amp;&quot;&#39;&lt;/b&gt; (1 trace)</h2>"))
    for block in Self.svgBlocks(page) {
      let parser = XMLParser(data: Data(block.utf8))
      #expect(parser.parse(), "\(block.prefix(200))")
    }
  }

  /// Parses every SVG block of a page and returns how many there are.
  static func wellFormedSVGCount(
    _ page: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    let blocks = svgBlocks(page)
    for block in blocks {
      let parser = XMLParser(data: Data(block.utf8))
      #expect(parser.parse(), "\(block.prefix(200))", sourceLocation: sourceLocation)
    }
    return blocks.count
  }

  @Test func emptyAndMotionlessInputsStillGiveWellFormedCharts() throws {
    let plan = AnalysisPlan(variants: Variant.seeds)
    // No traces: an outcome chart per seed transition (each has one
    // variant, so no agreement map); no curves and no histograms.
    let empty = AnalysisHTMLReport(analysis: Analysis(traces: [], plan: plan), files: [])
      .rendered()
    #expect(Self.wellFormedSVGCount(empty) == 4)
    #expect(empty.contains("<p>No sample traces.</p>"))
    // One trace that never moves and lasts no time: per seed transition,
    // its outcomes, its curve and ten histograms (4 × 12), and the decision
    // maps of the three drag transitions (music-card is tapped).
    let still = Trace(
      id: "still",
      events: [
        PanEvent(time: .zero, phase: .began, translation: .zero),
        PanEvent(time: .zero, phase: .ended, translation: .zero, velocity: .zero),
      ])
    let analysis = Analysis(
      traces: [TraceAnalysis(still, plan: plan)], plan: plan, samples: [still])
    let page = AnalysisHTMLReport(analysis: analysis, files: ["still.csv"]).rendered()
    #expect(Self.wellFormedSVGCount(page) == 51)
    // Zero spans are widened, never divided by.
    #expect(!page.contains(try Regex(#"\b(nan|inf)\b"#)))
  }

  // MARK: - In a browser

  /// `chromium` or `chromium-browser` on PATH.
  static let chromium: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for name in ["chromium", "chromium-browser"] {
      for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }()

  /// Whether to run the browser test: when chromium is installed, or when
  /// ``endToEndRequired`` (then it fails saying chromium is needed).
  static let browserTestRuns = chromium != nil || endToEndRequired

  /// A script the test adds to a copy of the page: after layout it writes
  /// what the browser made of the page into `<pre id="probe">` as JSON.
  static let probe = """
    <script>
    (() => {
      const svgs = Array.from(document.querySelectorAll('svg'));
      const probe = {
        count: svgs.length,
        namespaced: svgs.filter(s => s.namespaceURI === 'http://www.w3.org/2000/svg').length,
        titles: svgs.map(s => {
          const t = s.querySelector(':scope > title');
          return t ? t.textContent : '';
        }),
        drawn: svgs.filter(s => {
          const r = s.getBoundingClientRect();
          return r.width > 50 && r.height > 50
            && s.querySelectorAll('rect, line, polyline, circle').length > 0;
        }).length,
        text: document.body.innerText,
      };
      const pre = document.createElement('pre');
      pre.id = 'probe';
      pre.textContent = JSON.stringify(probe);
      document.body.appendChild(pre);
    })();
    </script>

    """

  @Test(
    .enabled(if: browserTestRuns, "needs chromium (apt-get install chromium), which is missing"))
  func chromiumRendersTheChartsAndNumbers() throws {
    let chromium = try #require(
      Self.chromium,
      "chromium is not on PATH: install it (apt-get install chromium)"
    )
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = Self.report()
    let report = directory.appendingPathComponent("report.html")
    try page.write(to: report, atomically: true, encoding: .utf8)
    let probed = directory.appendingPathComponent("probed.html")
    try page.replacingOccurrences(of: "</body>", with: Self.probe + "</body>")
      .write(to: probed, atomically: true, encoding: .utf8)

    let dom = try Self.runChromium(chromium, ["--dump-dom", probed.absoluteString], in: directory)
    let start = try #require(
      dom.range(of: "<pre id=\"probe\">"), "no probe in:\n\(dom.prefix(500))")
    let end = try #require(dom[start.upperBound...].range(of: "</pre>"))
    let json = dom[start.upperBound..<end.lowerBound]
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let probe = try #require(object)
    // Every chart was parsed as SVG and laid out with marks in it.
    #expect(probe["count"] as? Int == Self.svgCount)
    #expect(probe["namespaced"] as? Int == Self.svgCount)
    #expect(probe["drawn"] as? Int == Self.svgCount)
    let titles = probe["titles"] as? [String] ?? []
    func occurrences(_ title: String) -> Int { titles.filter { $0 == title }.count }
    // One outcome chart per transition (lyrics-swap, player-sheet) in each
    // of the three summaries.
    #expect(occurrences("Outcome rates per variant with 95 % Wilson intervals (4 traces)") == 2)
    #expect(occurrences("Outcome rates per variant with 95 % Wilson intervals (2 traces)") == 4)
    #expect(occurrences("Agreement between variants: share of traces decided alike") == 3)
    #expect(
      occurrences(
        "Sweep lyrics-swap.dismissalOffset=70...90:10: completion rate and accuracy by dismissalOffset"
      )
        == 3)
    #expect(
      occurrences(
        "Translation over time of 4 sample traces under [2] lyrics-swap:dismissalOffset=100, "
          + "coloured by outcome (thresholds on |ty|, pt)") == 1)
    #expect(
      occurrences(
        "Translation over time of 2 sample traces under [3] player-sheet, coloured by outcome")
        == 2)
    // Every trace lasts 0.02 s.
    #expect(occurrences("Histogram of duration (ms), median 20.0") == 6)

    // The rendered text holds the variants and the hand-computed numbers.
    let text = probe["text"] as? String ?? ""
    for expected in [
      "lyrics-swap:dismissalOffset=100", "player-sheet", "Outcomes (4 traces)",
      "[2]\tlyrics-swap:dismissalOffset=100\tcomplete\t1\t25.0 %\t4.6 % – 69.9 %",
      "2/4 = 50.0 % [15.0–85.0 %]", "1/4 = 25.0 % [4.6–69.9 %]", "75.0 %",
      "Disagreements (1 of 4 traces)", "Group source = s1 (2 traces)", "Flat: 3 of 3 values",
      "dismissalOffset 80",
    ] {
      #expect(text.contains(expected), "missing \(expected)")
    }

    let shot = directory.appendingPathComponent("report.png")
    _ = try Self.runChromium(
      chromium, ["--screenshot=\(shot.path)", "--window-size=1200,3000", report.absoluteString],
      in: directory)
    let png = try Data(contentsOf: shot)
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    func word(_ offset: Int) -> Int {
      png.count < offset + 4
        ? 0 : png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    #expect(word(16) == 1200)
    #expect(word(20) == 3000)
    // A blank 1200 × 3000 page compresses to a few kilobytes; charts do not.
    #expect(png.count > 40_000)
  }

  /// Runs headless chromium on its own profile and returns its standard
  /// output; gives up after two minutes.
  static func runChromium(_ path: String, _ arguments: [String], in directory: URL) throws -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.currentDirectoryURL = directory
    process.arguments =
      [
        "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
        "--user-data-dir=\(directory.appendingPathComponent("profile").path)",
      ] + arguments
    let output = directory.appendingPathComponent("chromium-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    try process.run()
    // NB: a safety net for a hung browser, not a measurement.
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
      process.terminate()
      Issue.record("chromium \(arguments) did not finish within two minutes")
    }
    process.waitUntilExit()
    #expect(
      process.terminationStatus == 0,
      "chromium \(arguments) exited with \(process.terminationStatus)")
    return try String(contentsOf: output, encoding: .utf8)
  }
}

/// Element names, the root's attributes and the first title of an XML
/// document.
final class XMLOutline: NSObject, XMLParserDelegate {
  var elements: [String] = []
  var rootAttributes: [String: String] = [:]
  var namespaced = false
  var title = ""
  private var inTitle = false

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    if elements.isEmpty {
      rootAttributes = attributeDict
      namespaced = namespaceURI == "http://www.w3.org/2000/svg"
    }
    elements.append(elementName)
    inTitle = elementName == "title" && title.isEmpty
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    inTitle = false
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inTitle { title += string }
  }
}
