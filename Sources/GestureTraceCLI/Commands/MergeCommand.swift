import GestureTrace

/// `gesturetrace merge`: the report of partial summaries made by
/// `analyze --partial`, exactly as one `analyze` over their traces gives it.
enum MergeCommand: Subcommand {
  static let format: OptionKey<AnalysisFormat> = .choice(
    "format", valueName: "format", help: "The report format.", default: .text)
  static let partial: OptionKey<Bool> = .flag(
    "partial", help: "Write the merged partial summary instead of a report.")

  static let spec = CommandSpec(
    name: "merge",
    abstract: "Report on partial summaries as one analysis of all their traces.",
    discussion: """
      Each partial is what 'gesturetrace analyze --partial' wrote for some traces, \
      anywhere: on another machine, or a worker of a distributed engine. The report \
      is byte for byte the one 'gesturetrace analyze' gives for all their traces read \
      in the order the partials are given, whatever the split. Every partial must have \
      been made with the same variants, sweeps and options (otherwise the first \
      difference is named), and a trace id may appear in only one of them. With \
      --partial the merged partial is written instead, to be merged again. Partials \
      whose variants name transitions of a transitions file are read with that file: \
      --transitions FILE.
      """,
    arguments: [
      .init(
        name: "partials", help: "Partial summaries, in input order (- for standard input).",
        isRepeating: true)
    ],
    options: [
      format.option, AnalyzeCommand.sweepsCSV.option, partial.option,
      SharedOptions.output.option, SharedOptions.force.option, SharedOptions.jobs.option,
      TransitionsOption.key.option,
    ],
    examples: [
      (
        "gesturetrace analyze traces/lyrics-swap.csv --variant lyrics-swap "
          + "--variant player-sheet --partial -o a.part",
        "A partial summary of one shard (anywhere)."
      ),
      (
        "gesturetrace analyze traces/player-sheet.csv --variant lyrics-swap "
          + "--variant player-sheet --partial -o b.part",
        "Another, made with the same variants."
      ),
      ("gesturetrace merge a.part b.part", "The report of both files' traces."),
      (
        "gesturetrace merge a.part b.part --format html -o report.html",
        "The same as one HTML report."
      ),
      (
        "gesturetrace merge a.part b.part --partial -o ab.part",
        "A partial of both, to merge again."
      ),
    ])

  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError)
    -> ExitCode
  {
    let format = try arguments[Self.format]
    let writesPartial = arguments[partial]
    if writesPartial, arguments.values[Self.format.name] != nil {
      throw .usage(
        "--partial writes a partial summary, not a report: leave out --format",
        help: "--partial  Write the merged partial summary instead of a report.")
    }
    let sweepsPath = try arguments[AnalyzeCommand.sweepsCSV]
    if sweepsPath != nil, writesPartial || !format.hasSummary {
      throw AnalysisFormat.sweepsNeedASummary
    }
    let jobs = try arguments[SharedOptions.jobs]
    let paths = arguments.positionals
    if paths.filter({ $0 == "-" }).count > 1 {
      throw .usage("Standard input ('-') can be read only once")
    }
    let catalog = try TransitionsOption.catalog(arguments)
    // The headers first: the plans must agree before anything is written.
    var partials = paths.map { PartialFile(path: $0, catalog: catalog) }
    for index in partials.indices { try partials[index].readHeader() }
    let first = partials[0].header!
    for partial in partials.dropFirst() {
      guard let difference = first.difference(from: partial.header!) else { continue }
      throw .dataError(
        "\(partial.displayName) was made with another plan than \(partials[0].displayName): "
          + "\(difference.setting) \(difference.other) instead of \(difference.this); "
          + "make every partial with the same options")
    }
    let plan = first.plan
    let transitionsInput = arguments.value(TransitionsOption.key.name).map { [$0] } ?? []
    let files = partials.flatMap { $0.header!.files }
    if let sweepsPath {
      try OutputFile.checkDistinct(
        try arguments[SharedOptions.output], sweepsPath, options: ("--output", "--sweeps-csv"))
    }
    var output = try OutputFile(
      path: try arguments[SharedOptions.output], replacing: arguments[SharedOptions.force],
      inputs: paths + transitionsInput)
    var sweepsOutput = try OutputFile.second(
      sweepsPath, replacing: arguments[SharedOptions.force], inputs: paths + transitionsInput,
      after: &output)
    do {
      let csv = format == .csv && !writesPartial ? AnalysisCSVReport(plan: plan) : nil
      if writesPartial {
        try output.writePartial(PartialFormat.header(plan: plan, files: files), io: &io)
      } else if let csv {
        try output.write(csv.header(), io: &io)
      }
      var merge = PartialMerge(
        plan: plan, mode: writesPartial ? .partial : csv != nil ? .csv : .report)
      try merge.merge(partials, output: &output, io: &io)
      var analyzer = merge.analyzer
      if writesPartial {
        try output.writePartial(analyzer.partialEnding(), io: &io)
      } else if csv == nil {
        let analysis = try analyzer.analysis(
          jobs: jobs, drawsDecisionMaps: format.drawsDecisionMaps)
        try output.write(
          AnalyzeCommand.render(
            analysis, files: files, format: format, leftOut: analyzer.leftOut.count),
          io: &io)
        try sweepsOutput?.write(SweepsCSVReport(summary: analysis.overall).rendered(), io: &io)
      }
      try sweepsOutput?.commit()
      try output.commit()
      analyzer.leftOut.report(io: &io)
      if let warning = analyzer.groupByWarning { io.writeError(warning) }
    } catch {
      output.discard()
      sweepsOutput?.discard()
      throw error
    }
    return .success
  }
}
