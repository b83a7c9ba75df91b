// Fuzz target: the partial summary reader and merge (see tools/fuzz).

/// Reads the input as one partial summary, or as two when a blank line
/// (which no partial holds) separates them; merges them in order, renders
/// the merged analysis's text and JSON reports, writes the merged partial
/// and reads it back. Checks that nothing crashes, that every refusal is
/// positioned (`name:line:column: expected …`), that a merge refused is
/// refused with a reason, that no report of an accepted partial shows
/// `nan` or `inf`, and that what the writer writes the reader accepts and
/// writes again to the same bytes: no writer writes a partial its reader
/// refuses.
///
/// NB: the reports live in the CLI target; tools/fuzz compiles them into
/// this target as it does for the analyze target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPartial(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var inputs = [bytes[...]]
  if let blank = bytes.indices.dropLast().first(where: {
    bytes[$0] == 0x0A && bytes[$0 + 1] == 0x0A
  }) {
    inputs = [bytes[...blank], bytes[(blank + 2)...]]
  }
  var analyzers: [TraceAnalyzer] = []
  for (index, input) in inputs.enumerated() {
    do throws(TraceAnalyzerError) {
      analyzers.append(try TraceAnalyzer(partial: input, name: "p\(index)"))
    } catch {
      let text = "\(error)"
      Fuzz.require(text.hasPrefix("p\(index):"), "unnamed problem \(text)")
      Fuzz.require(text.contains(": expected"), "problem without 'expected': \(text)")
      return 0
    }
  }
  var merged = analyzers[0]
  for other in analyzers.dropFirst() {
    do throws(TraceAnalyzerError) {
      try merged.merge(other)
    } catch {
      Fuzz.require(!"\(error)".isEmpty, "a merge refused without a reason")
      return 0
    }
  }
  let written = merged.partial()
  let again: TraceAnalyzer
  do throws(TraceAnalyzerError) {
    again = try TraceAnalyzer(partial: written, name: "merged")
  } catch {
    Fuzz.require(false, "the reader refuses what the writer wrote: \(error)")
    return 0
  }
  Fuzz.require(again.partial() == written, "a merged partial does not read back the same")
  let plan = merged.plan
  let analysis = Analysis(
    merged.accumulator, plan: plan,
    sampleTraces: merged.samples.map { TraceAnalysis($0, plan: plan, keepsDetails: true) },
    samples: merged.samples)
  let files = merged.sources
  let reports = [
    ("text", AnalysisTextReport(analysis: analysis, files: files, markdown: false).rendered()),
    ("json", AnalysisJSONReport(analysis: analysis, files: files).rendered()),
  ]
  // NB: ids, names and files are the input's own text and may spell
  // `nan` or `inf`; only input that does not is checked.
  guard !Fuzz.spellsNonFinite(String(decoding: bytes, as: UTF8.self)) else { return 0 }
  for (format, report) in reports {
    Fuzz.require(!Fuzz.spellsNonFinite(report), "the \(format) report shows a non-finite number")
  }
  return 0
}
