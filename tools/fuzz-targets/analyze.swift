// Fuzz target: the analyzer and analyze's reports (see tools/fuzz).

/// Decodes the input as a trace file (JSON Lines when it starts with `{`,
/// else CSV), converts its valid traces to points as `analyze` does,
/// analyzes them with the four seed transitions and a sweep, and renders
/// the text, Markdown, JSON, HTML and CSV reports; checks that nothing
/// crashes and that no report of finite input holds `nan` or `inf`.
///
/// NB: the reports live in the CLI target; tools/fuzz compiles the report
/// files listed in its `reports` array into this target, without their
/// `import GestureTrace` (everything is one module here).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnalyze(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let isJSONLines = bytes.first == UInt8(ascii: "{")
  let items = Fuzz.decode(bytes, cuts: []) { () -> any TraceDecoder in
    isJSONLines ? JSONLinesDecoder() : CSVTraceDecoder()
  }
  var traces: [Trace] = []
  for item in items {
    guard case .trace(let trace, _) = item, var trace = trace.inPoints() else { continue }
    // NB: ids and metadata are the input's own text and may spell `nan`
    // or `inf`; they are replaced so that only numbers are checked.
    trace.id = "t\(traces.count)"
    for (key, value) in trace.metadata.entries where Fuzz.spellsNonFinite(value) {
      trace.metadata[key] = "x"
    }
    traces.append(trace)
  }
  guard !traces.isEmpty else { return 0 }
  let sweep = try! Sweep(parsing: "lyrics-swap.dismissalOffset=40...160:40")
  let plan = AnalysisPlan(variants: Variant.seeds, sweeps: [sweep], groupBy: "source")
  let analyzed = traces.map { TraceAnalysis($0, plan: plan, keepsDetails: true) }
  let analysis = Analysis(traces: analyzed, plan: plan, samples: traces)
  let files = ["fuzz.csv"]
  let csv = AnalysisCSVReport(plan: plan)
  let reports = [
    ("text", AnalysisTextReport(analysis: analysis, files: files, markdown: false).rendered()),
    ("markdown", AnalysisTextReport(analysis: analysis, files: files, markdown: true).rendered()),
    ("json", AnalysisJSONReport(analysis: analysis, files: files).rendered()),
    ("html", AnalysisHTMLReport(analysis: analysis, files: files).rendered()),
    ("csv", csv.header() + analyzed.map(csv.row).joined()),
  ]
  for (format, report) in reports {
    Fuzz.require(!Fuzz.spellsNonFinite(report), "the \(format) report shows a non-finite number")
  }
  return 0
}
