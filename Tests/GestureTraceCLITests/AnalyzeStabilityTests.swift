import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `analyze --stability`: the same report for any number of jobs and any
/// split of the file, and nothing of it without the option.
@Suite struct AnalyzeStabilityTests {
  static let synth = packageRoot.appendingPathComponent("traces/samples/synth.csv").path
  static let variants = [
    "--variant", "lyrics-swap", "--variant", "player-sheet", "--variant", "library-pager",
  ]

  @Test(arguments: ["json", "csv", "text"])
  func outputDoesNotDependOnJobs(_ format: String) {
    let arguments =
      ["analyze", Self.synth, "--stability", "--format", format, "--group-by", "kind"]
      + Self.variants
    let one = run(arguments + ["--jobs", "1"])
    #expect(one.exitCode == .success, "\(one.error)")
    #expect(run(arguments + ["--jobs", "2"]).output == one.output)
  }

  /// Pieces of a few hundred bytes give what one reader gives.
  @Test(arguments: [512, 4_096])
  func piecesGiveWhatOneReaderGives(pieceSize: Int) {
    let whole = analyze(pieceSize: 1 << 30, jobs: 1)
    #expect(whole.contains("\"stability\":"))
    #expect(analyze(pieceSize: pieceSize) == whole)
    let rows = analyze(pieceSize: 1 << 30, jobs: 1, format: .csv)
    #expect(analyze(pieceSize: pieceSize, format: .csv) == rows)
  }

  func analyze(pieceSize: Int, jobs: Int = 2, format: AnalysisFormat = .json) -> String {
    let plan = AnalysisPlan(
      variants: Variant.seeds, groupBy: "kind", perturbations: Perturbation.all)
    var pipeline = AnalysisPipeline(
      analyzer: .command(plan: plan, lines: format == .csv ? .csv : .none), jobs: jobs)
    pipeline.pieceSize = pieceSize
    var io = BufferedIO()
    do throws(CommandError) {
      var output = try OutputFile(path: "-", replacing: false)
      try pipeline.analyze(Self.synth, format: nil, output: &output, io: &io)
      if format == .csv { return io.output }
      return AnalyzeCommand.render(try pipeline.analyzer.analysis(), files: [], format: format)
    } catch {
      return "\(error)"
    }
  }

  /// One column per variant naming the perturbations that flip it.
  @Test func csvNamesThePerturbationsThatFlipEachTrace() {
    let csv = run(["analyze", Self.synth, "--stability", "--format", "csv"] + Self.variants)
    #expect(csv.exitCode == .success)
    let lines = csv.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines[0].hasSuffix(",lyrics-swap flips,player-sheet flips,library-pager flips"))
    let names = Set(Perturbation.all.map(\.name))
    var flipped = 0
    for line in lines.dropFirst() where !line.isEmpty {
      let cells = line.split(separator: ",", omittingEmptySubsequences: false).suffix(3)
      for cell in cells where !cell.isEmpty {
        flipped += 1
        #expect(cell.split(separator: ";").allSatisfy { names.contains(String($0)) })
      }
    }
    #expect(flipped > 0)
  }

  /// Without the option no report mentions it.
  @Test func withoutTheOptionNothingChanges() {
    for format in ["json", "csv", "text", "html"] {
      let report = run(["analyze", Self.synth, "--format", format] + Self.variants)
      #expect(report.exitCode == .success)
      #expect(!report.output.contains("stability") && !report.output.contains("Stability"))
      #expect(!report.output.contains("flips"))
    }
  }

  @Test func textHasAStabilitySection() {
    let text = run(["analyze", Self.synth, "--stability"] + Self.variants).output
    #expect(text.contains("\nSTABILITY (each decision re-made under 11 perturbations)\n"))
    #expect(text.contains("flips under some perturbation for"))
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 100 })
    let markdown = run(
      ["analyze", Self.synth, "--stability", "--format", "markdown"] + Self.variants
    ).output
    #expect(markdown.contains("\n### Stability (each decision re-made under 11 perturbations)\n"))
    let html = run(
      ["analyze", Self.synth, "--stability", "--format", "html"] + Self.variants
    ).output
    #expect(html.contains("<h3>Stability (each decision re-made under 11 perturbations)</h3>"))
  }
}
