import GestureTrace

/// `gesturetrace analyze`: decisions of transition variants across traces,
/// with the statistics people act on.
enum AnalyzeCommand: Subcommand {
  static let sweep: OptionKey<[String]> = .repeating(
    "sweep", valueName: "sweep",
    help: "SPEC.PARAMETER=LOW...HIGH:STEP, e.g. lyrics-swap.dismissalOffset=40...160:5 "
      + "(repeatable, at most 64; two of one variant also make a grid of at most 2500 cells; "
      + "at most 10000 values and cells in all).")
  static let sweepsCSV: OptionKey<String?> = .optionalText(
    "sweeps-csv", valueName: "file",
    help: "Also write every sweep value and grid cell as a CSV row to this file.")
  static let groupBy: OptionKey<String?> = .optionalText(
    "group-by", valueName: "key",
    help: "Repeat the summary for each value of this metadata key (e.g. source).")
  static let stability: OptionKey<Bool> = .flag(
    "stability",
    help: "Re-decide every trace under each estimator, ±8.3 ms jitter, the last sample "
      + "dropped, 60 Hz and ±5 % scale; report how often decisions flip.")
  static let format: OptionKey<AnalysisFormat> = .choice(
    "format", valueName: "format", help: "The report format.", default: .text)
  static let partial: OptionKey<Bool> = .flag(
    "partial",
    help: "Write a partial summary for 'gesturetrace merge' instead of a report "
      + "(docs/partial-format.md).")
  static let stats: OptionKey<Bool> = .flag(
    "stats", help: "Print throughput (MB/s, events/s) and each variant's replay speed to stderr.")

  static let spec = CommandSpec(
    name: "analyze",
    abstract: "Report what transition variants decide on traces, and how well.",
    discussion: """
      Every trace is replayed through every variant exactly as 'gesturetrace replay' \
      does. Without --variant, analyze compares, for each transition the traces are \
      meant for (their 'target' metadata), the published variant with the alternatives \
      its parameters offer ('gesturetrace variants NAME' lists them); when no trace names \
      a target, the four seed transitions as published. The report opens with where the \
      labels come from (people, corrections an app observed, or the synthetic model of \
      intent of 'synth --target', whose accuracies measure agreement with that model, not \
      with people); each source is scored apart. Then, per transition, every number is \
      counted over the traces meant for it (its target, or none): the labelled traces and \
      their label mix, the baseline of always answering the more common label, and the \
      best variant only when it beats every other and that baseline at p < 0.05, exact \
      McNemar tests Holm-corrected over the transition's comparisons (otherwise what it \
      fails to beat); per variant, the outcome counts and rates with 95 % Wilson intervals \
      (per source of traces) and the median decision time; how often its variants agree; \
      the traces where they disagree; runs that peaked near a threshold that decides; \
      each variant's accuracy with its interval, balanced accuracy and confusion matrix; \
      the traces each gets wrong nearest its decision boundary (the HTML report draws the \
      map); and the gestures' features. A sweep replays every trace at each value of one \
      parameter and reports the completion rate and accuracy per value, the plateau of \
      values as good as the best, and a suggestion only when the data identify one. \
      --group-by repeats the summary per value \
      of a metadata key. Without files it reads the shipped 'traces/' directory.
      """,
    arguments: [
      .init(
        name: "files",
        help: "Trace files or directories of them (- for standard input; default: traces/).",
        isOptional: true, isRepeating: true)
    ],
    options: VariantSelection.options + [
      sweep.option, sweepsCSV.option, groupBy.option, stability.option, format.option,
      SharedOptions.output.option, SharedOptions.force.option, SharedOptions.fps.option,
      SharedOptions.replayEstimator.option, SharedOptions.inputFrom.option,
      SharedOptions.jobs.option,
      stats.option, SharedOptions.lenient.option, partial.option,
    ],
    examples: [
      ("gesturetrace analyze", "Each transition's variants on the traces meant for it."),
      (
        "gesturetrace analyze traces/lyrics-swap.csv --variant lyrics-swap:dismissalOffset=60",
        "One variant on one file."
      ),
      (
        "gesturetrace analyze traces/lyrics-swap.csv "
          + "--sweep 'lyrics-swap.dismissalOffset=40...160:5'",
        "Which dismissal offset matches intent, with its plateau and a held-out check."
      ),
      (
        "gesturetrace analyze traces/recorded-fingers.csv --group-by source --format markdown",
        "One summary per source."
      ),
      (
        "gesturetrace analyze --stability traces/player-sheet.csv",
        "Which decisions flip under jitter, resampling, scale or another estimator."
      ),
      ("gesturetrace analyze --format html -o report.html", "A report with charts."),
      ("gesturetrace analyze --format csv > per-trace.csv", "One row per trace."),
      (
        "gesturetrace analyze traces/lyrics-swap.csv --variant lyrics-swap --partial -o a.part",
        "A partial summary, for 'gesturetrace merge'."
      ),
    ])

  /// The directory read when no file is given: `traces/` in the current
  /// directory (the package's shipped traces when run from its root).
  static let defaultInput = "traces"

  /// Throws a usage error (exit 64) naming the cap when more `--sweep`s
  /// are given than one run takes (``AnalysisPlan/maximumSweeps``).
  static func checkSweepCount(_ count: Int) throws(CommandError) {
    let most = AnalysisPlan.maximumSweeps
    guard count > most else { return }
    throw .usage(
      "\(count) sweeps given; at most \(most) run at once. Choose fewer --sweep",
      help: "--sweep <sweep>  At most \(most) sweeps.")
  }

  /// Throws a usage error (exit 64) naming the cap when the sweeps' values
  /// and grid cells together are more than one run replays
  /// (``AnalysisPlan/maximumSweepCells``).
  static func checkSweepCells(_ cells: Int) throws(CommandError) {
    let most = AnalysisPlan.maximumSweepCells
    guard cells > most else { return }
    throw .usage(
      "The sweeps make \(cells) values and grid cells; at most \(most) run at once (each "
        + "replays every trace). Use larger steps or fewer --sweep",
      help: "--sweep <sweep>  At most \(most) values and grid cells in all.")
  }

  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError)
    -> ExitCode
  {
    let inputFormat = try arguments[SharedOptions.inputFrom]
    let format = try arguments[Self.format]
    let writesPartial = arguments[partial]
    if writesPartial, arguments.values[Self.format.name] != nil {
      throw .usage(
        "--partial writes a partial summary, not a report: leave out --format",
        help: "--partial  Write a partial summary for 'gesturetrace merge' instead of a report.")
    }
    let inputs = arguments.positionals.isEmpty ? [defaultInput] : arguments.positionals
    let files = try TraceInput.expand(inputs, io: &io)
    guard !files.isEmpty else { throw TraceInput.noTraceFiles(in: inputs) }
    let catalog = try TransitionsOption.catalog(arguments)
    var variants = try VariantSelection.variants(arguments, io: &io, catalog: catalog)
    // The targets the default variants were chosen for; nil when given.
    var chosenFor: Set<String>?
    if variants.isEmpty {
      // NB: a whole CSV report is streamed as the traces are read, so its
      // variants must be right from the start: the files are scanned
      // whole. Other reports are rendered at the end: the first megabyte of
      // each file names the likely targets, and the rare input whose later
      // traces name others is analyzed again with their variants.
      // NB: a partial's trace lines are written as they are read, as CSV
      // rows are.
      let targets = try TargetScan.targets(
        in: files, prefixBytes: format == .csv || writesPartial ? .max : 1 << 20,
        catalog: catalog)
      variants = VariantSelection.defaults(for: targets, in: catalog)
      try VariantSelection.checkCount(variants.count)
      chosenFor = targets
    }
    let sweepTexts = try arguments[Self.sweep]
    try Self.checkSweepCount(sweepTexts.count)
    var sweeps: [Sweep] = []
    for text in sweepTexts {
      do throws(VariantError) {
        sweeps.append(try Sweep(parsing: text, in: catalog))
      } catch {
        throw .usage(
          "Invalid sweep '\(text.escapingControlCharacters)': "
            + "\(error.reason.escapingControlCharacters)",
          help: "--sweep <sweep>  e.g. --sweep 'lyrics-swap.dismissalOffset=40...160:5'")
      }
    }
    func invalidGrid(_ error: VariantError) -> CommandError {
      .usage(
        "Invalid grid: \(error.reason.escapingControlCharacters)",
        help: "--sweep <sweep>  Two sweeps of the same variant make a grid of every pair of values."
      )
    }
    // NB: a grid over its own cap says so first; then every cell is
    // counted, before any grid is made.
    do throws(VariantError) {
      try AnalysisPlan.checkGridSizes(of: sweeps)
    } catch {
      throw invalidGrid(error)
    }
    try Self.checkSweepCells(AnalysisPlan.sweepCells(of: sweeps))
    let grids: [SweepGrid]
    do throws(VariantError) {
      grids = try SweepGrid.grids(of: sweeps)
    } catch {
      throw invalidGrid(error)
    }
    let sweepsPath = try arguments[sweepsCSV]
    if sweepsPath != nil, writesPartial {
      throw AnalysisFormat.sweepsNeedAMerge
    }
    if sweepsPath != nil, !format.hasSummary { throw AnalysisFormat.sweepsNeedASummary }
    let fps = try arguments[SharedOptions.fps]
    let estimator = try arguments[SharedOptions.replayEstimator]
    let jobs = try arguments[SharedOptions.jobs]
    let showsStats = arguments[stats]
    if let sweepsPath {
      try OutputFile.checkDistinct(
        try arguments[SharedOptions.output], sweepsPath, options: ("--output", "--sweeps-csv"))
    }
    var output = try OutputFile(
      path: try arguments[SharedOptions.output], replacing: arguments[SharedOptions.force],
      inputs: files + VariantSelection.inputs(arguments))
    var sweepsOutput = try OutputFile.second(
      sweepsPath, replacing: arguments[SharedOptions.force],
      inputs: files + VariantSelection.inputs(arguments), after: &output)
    do {
      let started = Platform.monotonicNanoseconds()
      var pipeline: AnalysisPipeline
      var analysis: Analysis?
      while true {
        let plan = AnalysisPlan(
          variants: variants, sweeps: sweeps, grids: grids,
          replayer: Replayer(framesPerSecond: fps, estimator: estimator),
          groupBy: try arguments[groupBy],
          perturbations: arguments[stability] ? Perturbation.all : []
        ).collectingDecisionMaps(writesPartial || format.drawsDecisionMaps)
        let names = files.map(TraceInput.displayName)
        if writesPartial {
          try output.writePartial(PartialFormat.header(plan: plan, files: names), io: &io)
        } else if format == .csv {
          try output.write(AnalysisCSVReport(plan: plan).header(), io: &io)
        }
        let lines: TraceAnalyzer.Configuration.Lines =
          writesPartial ? .partial : format == .csv ? .csv : .none
        pipeline = AnalysisPipeline(
          analyzer: .command(plan: plan, lines: lines, timesReplays: showsStats), jobs: jobs)
        pipeline.lenient = SkippedProblems.make(arguments)
        var progress = Progress(label: "analyze", total: files.count, io: io)
        for (index, path) in files.enumerated() {
          try pipeline.analyze(
            path, format: inputFormat, isLast: index == files.count - 1, output: &output,
            io: &io)
          progress.update(index + 1, io: &io)
        }
        progress.finish(io: &io)
        if writesPartial { try output.writePartial(pipeline.analyzer.partialEnding(), io: &io) }
        guard lines == .none else { break }
        let made = try pipeline.analyzer.analysis(
          jobs: jobs, drawsDecisionMaps: format.drawsDecisionMaps)
        analysis = made
        let known = Set(catalog.names)
        let targets = Set(made.overall.targets).intersection(known)
        // Standard input cannot be read again.
        guard let chosen = chosenFor, targets != chosen, !files.contains("-") else { break }
        chosenFor = targets
        variants = VariantSelection.defaults(for: targets, in: catalog)
      }
      if let analysis {
        let names = files.map(TraceInput.displayName)
        let leftOut = pipeline.analyzer.leftOut.count
        try output.write(
          render(analysis, files: names, format: format, leftOut: leftOut), io: &io)
        try sweepsOutput?.write(SweepsCSVReport(summary: analysis.overall).rendered(), io: &io)
      }
      try sweepsOutput?.commit()
      try output.commit()
      pipeline.lenient?.report(io: &io)
      pipeline.analyzer.leftOut.report(io: &io)
      if let warning = pipeline.analyzer.groupByWarning { io.writeError(warning) }
      if showsStats {
        let elapsed = Platform.monotonicNanoseconds() - started
        io.writeError(
          AnalyzeThroughput(analyzer: pipeline.analyzer, jobs: jobs, elapsed: elapsed).rendered())
      }
    } catch {
      output.discard()
      sweepsOutput?.discard()
      throw error
    }
    return .success
  }

  /// The report of an analysis of `files`, which left out `leftOut`
  /// traces for want of a scale (said in the text, Markdown and HTML
  /// reports' opening line).
  static func render(
    _ analysis: Analysis, files: [String], format: AnalysisFormat, leftOut: Int = 0
  ) -> String {
    format.render(analysis, files, leftOut)
  }
}
