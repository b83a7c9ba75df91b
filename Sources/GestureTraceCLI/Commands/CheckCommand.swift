import GestureTrace

/// `gesturetrace check`: replays the traces of a table of expected
/// outcomes (a `replay --format csv` table) and fails when a decision
/// changed: a regression gate for CI.
enum CheckCommand: Subcommand {
  static let format: OptionKey<CheckFormat> = .choice(
    "format", valueName: "format", help: "The report format.", default: .text)
  static let update: OptionKey<Bool> = .flag(
    "update", help: "Rewrite the table with today's outcomes, keeping '*' cells; exit 0.")
  /// `--estimator`: `nil` when not given (the table's, else the default).
  static let estimator = OptionKey<VelocityEstimator?>(
    option: .init(
      name: "estimator", valueName: "name",
      help: "The velocity estimator for traces without recorded velocities "
        + "(default: the table's, else \(VelocityEstimator.default.name)).",
      allowedValues: VelocityEstimator.allCases.map(\.name))
  ) { arguments, option in
    arguments.value(option.name).flatMap(VelocityEstimator.init(name:))
  }

  static let spec = CommandSpec(
    name: "check",
    abstract: "Replay traces and fail if a decision differs from the expected table.",
    discussion: """
      The expected table is what 'replay --format csv -o FILE' writes: a 'trace' column, \
      then one column per variant holding 'complete', 'cancel', a page number or, for a \
      transition with more than two stops, the name of a stop (such as 'half'). A cell \
      may be '*' to accept either outcome (a trace known to be fragile). The traces are \
      read from the given files or directories, else from the files the table's \
      '# input:' lines name (relative to the table's folder, and inside it: an absolute \
      path, a climb out with '..', a symbolic link leading out, a device or a FIFO is \
      refused), else from traces/; every \
      trace the table lists must be found. Each is replayed through the header's \
      variants and compared. Exits 0 when every decision is as expected and 1 when one \
      changed, listing each with the threshold, the value its property peaked at and \
      the release velocity. --update rewrites the table with today's outcomes instead, \
      keeping its '*' cells and metadata. --format junit writes JUnit XML (one test case \
      per trace and variant) for CI test reports.

      Variants that name transitions of a transitions file are read with \
      --transitions FILE, else with the file the table's '# transitions:' line names \
      (relative to the table's folder, and inside it: an absolute path or one that \
      climbs out with '..' is refused). 'replay --format csv --transitions FILE' \
      writes that line, and so does 'check --update --transitions FILE'.
      """,
    arguments: [
      .init(name: "expected", help: "The table of expected outcomes (replay --format csv)."),
      .init(
        name: "traces",
        help: "Trace files or directories (default: the table's inputs, else traces/).",
        isOptional: true, isRepeating: true),
    ],
    options: [
      format.option,
      update.option,
      estimator.option,
      TransitionsOption.key.option,
      SharedOptions.inputFrom.option,
      SharedOptions.output.option,
      SharedOptions.force.option,
    ],
    examples: [
      (
        "gesturetrace check traces/golden/decisions.csv traces/player-sheet.csv",
        "Replays the table's traces, read from the file given; exit 1 if a decision changed."
      ),
      (
        "gesturetrace check traces/golden/decisions.csv traces/player-sheet.csv --format junit",
        "The same as JUnit XML, for a CI test report."
      ),
      (
        "gesturetrace check traces/golden/decisions.csv",
        "Without files: those the table names in its folder, else traces/."
      ),
    ])

  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError)
    -> ExitCode
  {
    let tablePath = arguments.positionals[0]
    let format = try arguments[Self.format]
    let updating = arguments[Self.update]
    if updating, tablePath == "-" {
      throw .usage(
        "--update rewrites the table, so it cannot be standard input",
        help: "<expected>  The table of expected outcomes (replay --format csv).")
    }
    let given = try arguments[TransitionsOption.key]
    // NB: checked before anything is read or written: --update writes the
    // file's name into the table.
    let transitionsName = try given.flatMap { path throws(CommandError) in
      try tableName(ofTransitions: path, table: tablePath, updating: updating)
    }
    let table = try readTable(tablePath, transitions: given, io: &io)
    let estimator = try chosenEstimator(arguments, table: table, name: tablePath)
    let replayer = Replayer(estimator: estimator)
    let givenInputs = Array(arguments.positionals.dropFirst())
    let inputs: [String]
    var files: [String]
    if !givenInputs.isEmpty {
      inputs = givenInputs
      files = try TraceInput.expand(inputs, io: &io)
    } else if !table.inputs.isEmpty {
      // NB: only names that stay in the table's folder (security).
      (inputs, files) = try tableInputs(table, at: tablePath, io: &io)
    } else {
      inputs = [AnalyzeCommand.defaultInput]
      files = try TraceInput.expand(inputs, io: &io)
    }
    // NB: a table kept among the traces (traces/expected.csv) is not one.
    if let identity = Platform.identity(of: tablePath) {
      files.removeAll { Platform.identity(of: $0) == identity }
    }
    guard !files.isEmpty else { throw TraceInput.noTraceFiles(in: inputs) }
    var output = try OutputFile(
      path: try arguments[SharedOptions.output], replacing: arguments[SharedOptions.force],
      inputs: files + [tablePath] + (given.map { [$0] } ?? []))
    do {
      let inputFormat = try arguments[SharedOptions.inputFrom]
      var leftOut = LeftOutTraces()
      let (traces, unlisted) = try collect(
        table, from: files, format: inputFormat, keepingUnlisted: updating, leftOut: &leftOut,
        io: &io)
      let variants = table.variants
      let rows = Array(zip(table.rows, traces))
      let checked = ParallelMap.map(rows) { row, trace in
        check(trace, row: row, variants: variants, replayer: replayer)
      }
      var report = CheckReport(
        table: tablePath, inputs: files, variants: variants, traces: checked,
        unlistedCount: unlisted.count)
      if updating {
        let added = ParallelMap.map(unlisted) { trace in
          (trace.id, variants.map { replayer.outcome(of: trace, with: $0).outcome.description })
        }
        try rewrite(
          table, at: tablePath, with: checked, adding: added, transitions: transitionsName,
          io: &io)
        report.updated = true
      }
      leftOut.report(io: &io)
      try output.write(report.rendered(format), io: &io)
      try output.commit()
      return updating || report.changedCount == 0 ? .success : .failure
    } catch {
      output.discard()
      throw error
    }
  }

  /// How a table at `table` names the transitions file at `path` in its
  /// `# transitions:` line: relative to its folder. `nil` when `path` is
  /// not inside that folder, a usage error then if the table is to be
  /// rewritten (`updating`), since it could not be read back.
  private static func tableName(
    ofTransitions path: String, table: String, updating: Bool
  ) throws(CommandError) -> String? {
    guard let inside = TablePath.acceptedName(of: path, from: table) else {
      guard !updating else {
        throw .usage(
          "--update writes the transitions file into the table as a path relative to its "
            + "folder, but \(quotedPrefix(path)) is not in "
            + "\(quotedPrefix(TraceInput.displayName(table)))'s folder or below it; move it there",
          help: "--transitions <file>  \(TransitionsOption.key.option.help)")
      }
      return nil
    }
    return inside
  }

  /// Reads and parses the table, with the transitions of `transitions`
  /// (`--transitions`) or else of the file its `# transitions:` line names.
  private static func readTable(
    _ path: String, transitions: String?, io: inout some ToolIO
  ) throws(CommandError) -> ExpectedOutcomes {
    let bytes = try tableBytes(path, io: &io)
    let name = TraceInput.displayName(path)
    let catalog: TransitionCatalog
    if let transitions {
      catalog = try TransitionsOption.catalog(reading: transitions)
    } else if let named = try problemAsError({ () throws(ExpectedOutcomes.Problem) in
      try ExpectedOutcomes.transitionsFile(in: bytes, name: name)
    }) {
      guard path != "-" else {
        throw .usage(
          "The table on standard input names its transitions file \(quotedPrefix(named.path)) "
            + "relative to its folder, which standard input has not; give it with --transitions",
          help: "--transitions <file>  \(TransitionsOption.key.option.help)")
      }
      switch TablePath.confined(named.path, from: path) {
      case .success(let file):
        // NB: a directory is read as a file, and refused as one.
        catalog = try TransitionsOption.catalog(reading: file)
      case .failure(let refusal):
        throw .dataError(
          "\(name):\(named.line):\(named.column): expected a transitions file in the table's "
            + "folder or below it, " + refusal.found(named.path))
      }
    } else {
      catalog = TransitionsOption.base
    }
    return try problemAsError { () throws(ExpectedOutcomes.Problem) in
      try ExpectedOutcomes(bytes: bytes, name: name, catalog: catalog)
    }
  }

  /// Every byte of the table at `path` (standard input for `-`), read in
  /// chunks and at most ``ExpectedOutcomes/maximumBytes`` of them: a data
  /// error for a longer table (`/dev/zero` has no end).
  static func tableBytes(_ path: String, io: inout some ToolIO) throws(CommandError) -> [UInt8] {
    let limit = ExpectedOutcomes.maximumBytes
    var bytes: [UInt8] = []
    var tooLarge = false
    if path == "-" {
      while true {
        guard let chunk = io.readInput() else { throw .noInput("Cannot read standard input") }
        if chunk.isEmpty { break }
        guard bytes.count + chunk.count <= limit else {
          tooLarge = true
          break
        }
        bytes += chunk
      }
    } else if let file = try Platform.readFile(path, atMost: limit) {
      bytes = file
    } else {
      tooLarge = true
    }
    guard !tooLarge else {
      throw .dataError(
        "\(TraceInput.displayName(path).escapingControlCharacters): expected a table of at "
          + "most \(limit >> 20) MiB, found a larger one")
    }
    return bytes
  }

  /// The files the table's `# input:` lines name, each confined to the
  /// table's folder (``TablePath/confined(_:from:)``), directories
  /// expanded to their trace files, which must lie in that folder too:
  /// the paths opened, and the files. A data error at the line and
  /// column of a name that leads out of the folder or to a device.
  private static func tableInputs(
    _ table: ExpectedOutcomes, at tablePath: String, io: inout some ToolIO
  ) throws(CommandError) -> (inputs: [String], files: [String]) {
    let name = TraceInput.displayName(tablePath)
    let root = TablePath.root(of: tablePath)
    var inputs: [String] = []
    var files: [String] = []
    for (value, position) in zip(table.inputs, table.inputPositions) {
      let place = "\(name):\(position.line):\(position.column)"
      let path: String
      switch TablePath.confined(value, from: tablePath) {
      case .success(let confined): path = confined
      case .failure(let refusal):
        throw .dataError(
          "\(place): expected a trace file or directory in the table's folder or below it, "
            + refusal.found(value) + "; give the traces after the table instead")
      }
      inputs.append(path)
      for file in try TraceInput.expand([path], io: &io) {
        // NB: a folder that cannot be resolved holds nothing to name.
        if let root, TablePath.lies(file, in: root) {
          files.append(file)
          continue
        }
        throw .dataError(
          "\(place): expected trace files in the table's folder or below it, "
            + TablePath.Refusal.linksOutside.found(
              quoted: "'\(TraceInput.displayName(file).escapingControlCharacters)'"))
      }
    }
    return (inputs, files)
  }

  /// The result of `body`, its problem turned into the command's error: a
  /// data error, or a usage error for a header that names no variant.
  private static func problemAsError<T>(
    _ body: () throws(ExpectedOutcomes.Problem) -> T
  ) throws(CommandError) -> T {
    do throws(ExpectedOutcomes.Problem) {
      return try body()
    } catch {
      switch error {
      case .data(let message): throw .dataError(message)
      case .noVariant(let message):
        throw .usage(
          message.escapingControlCharacters,
          help: "<expected>  The table of expected outcomes (replay --format csv).")
      }
    }
  }

  /// `--estimator`, else the table's `estimator` metadata, else the
  /// default.
  private static func chosenEstimator(
    _ arguments: ParsedArguments, table: ExpectedOutcomes, name: String
  ) throws(CommandError) -> VelocityEstimator {
    if let given = try arguments[Self.estimator] { return given }
    guard let named = table.estimator else { return .default }
    guard let estimator = VelocityEstimator(name: named) else {
      throw .dataError(
        "\(TraceInput.displayName(name)): its 'estimator' metadata \(quotedPrefix(named)) names no "
          + "estimator; expected one of "
          + VelocityEstimator.allCases.map(\.name).joined(separator: ", "))
    }
    return estimator
  }

  /// The table's traces in its row order, in points, read from `files`,
  /// and the traces the files hold that the table does not list (in
  /// points, those that have a scale, when `keepingUnlisted`; else
  /// without events, to be counted). Throws a usage error naming the
  /// listed traces no file holds.
  private static func collect(
    _ table: ExpectedOutcomes, from files: [String], format: TraceFileFormat?,
    keepingUnlisted: Bool, leftOut: inout LeftOutTraces, io: inout some ToolIO
  ) throws(CommandError) -> (traces: [Trace], unlisted: [Trace]) {
    var index: [String: Int] = [:]
    for (position, row) in table.rows.enumerated() { index[row.trace] = position }
    var found = [Trace?](repeating: nil, count: table.rows.count)
    var foundIn = [String](repeating: "", count: table.rows.count)
    var unlisted: [Trace] = []
    var unlistedIDs: Set<String> = []
    for file in files {
      try TraceInput.readTraces(file, format: format, io: &io) { trace throws(CommandError) in
        guard let position = index[trace.id] else {
          guard !keepingUnlisted || unlistedIDs.insert(trace.id).inserted else {
            throw .dataError(
              "The trace \(quotedPrefix(trace.id)) is in the inputs twice (again in "
                + "\(quotedPrefix(TraceInput.displayName(file)))); --update cannot tell which it "
                + "means")
          }
          if !keepingUnlisted {
            unlisted.append(Trace(id: trace.id, events: []))
          } else if let inPoints = leftOut.points(trace) {
            unlisted.append(inPoints)
          }
          return
        }
        guard found[position] == nil else {
          throw .dataError(
            "The trace \(quotedPrefix(trace.id)) is in both "
              + "\(quotedPrefix(TraceInput.displayName(foundIn[position]))) and "
              + "\(quotedPrefix(TraceInput.displayName(file))); the table cannot tell which it "
              + "means")
        }
        guard let inPoints = trace.isInPoints ? trace : trace.inPoints() else {
          throw .dataError(
            "Trace \(quotedPrefix(trace.id)) in \(quotedPrefix(TraceInput.displayName(file))) is "
              + "in pixels with no "
              + "scale (units: \(trace.metadata.units ?? "pt")); give its pixels per point "
              + "with 'convert --scale S' or a 'scale' metadata line")
        }
        found[position] = inPoints
        foundIn[position] = file
      }
    }
    let missing = table.rows.indices.filter { found[$0] == nil }
    guard missing.isEmpty else {
      let shown = missing.prefix(5).map { index in
        "\(quotedPrefix(table.rows[index].trace)) (line \(table.rows[index].line))"
      }
      let more = missing.count > 5 ? " and \(missing.count - 5) more" : ""
      let noun = missing.count == 1 ? "trace" : "traces"
      throw .usage(
        "\(missing.count) \(noun) the table lists \(missing.count == 1 ? "is" : "are") in "
          + "none of the inputs ("
          + files.map { "'\(TraceInput.displayName($0).escapingControlCharacters)'" }
          .joined(separator: ", ") + "): " + shown.joined(separator: ", ") + more,
        help: "<traces>  Trace files or directories (default: the table's inputs, else traces/).")
    }
    return (found.map { $0! }, unlisted)
  }

  /// One trace replayed through every variant and compared with its row.
  private static func check(
    _ trace: Trace, row: ExpectedOutcomes.Row, variants: [Variant], replayer: Replayer
  ) -> CheckReport.CheckedTrace {
    var now: [TransitionOutcome] = []
    var reasons: [DecisionReason?] = []
    for (index, variant) in variants.enumerated() {
      let run = replayer.run(trace, with: variant)
      let outcome = run.outcome.outcome
      now.append(outcome)
      reasons.append(
        row.cells[index].accepts(outcome)
          ? nil
          : DecisionReason(
            trace: trace, variant: variant, run: run, estimator: replayer.estimator))
    }
    return CheckReport.CheckedTrace(
      id: row.trace, line: row.line, expected: row.cells, now: now, reasons: reasons)
  }

  /// Rewrites the table with today's outcomes, keeping its lines before
  /// the header, its order and its `*` cells, then the rows of traces it
  /// did not list (`added`); atomically, through a temporary file.
  private static func rewrite(
    _ table: ExpectedOutcomes, at path: String, with traces: [CheckReport.CheckedTrace],
    adding added: [(id: String, words: [String])], transitions: String?,
    io: inout some ToolIO
  ) throws(CommandError) {
    var file = try OutputFile(path: path, replacing: true)
    do {
      var text = preamble(table.preamble, transitions: transitions).map { $0 + "\n" }.joined()
      text += ReplayOutcomeReport.csvHeader(table.variants.map(\.spec))
      for trace in traces {
        let words = trace.expected.indices.map { index in
          trace.expected[index] == .any ? "*" : trace.now[index].description
        }
        text += ReplayOutcomeReport.csvRow(trace.id, words)
      }
      for row in added { text += ReplayOutcomeReport.csvRow(row.id, row.words) }
      try file.write(text, io: &io)
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
  }

  /// The table's lines before its header, with `# transitions: NAME` in
  /// place of any it had (after its `# input:` lines) when the table is
  /// updated with `--transitions`; unchanged otherwise.
  static func preamble(_ lines: [String], transitions: String?) -> [String] {
    guard let transitions else { return lines }
    let isTransitions = { (line: String) in
      line.hasPrefix("#")
        && line.dropFirst().drop { $0 == " " || $0 == "\t" }.hasPrefix("transitions:")
    }
    var kept = lines.filter { !isTransitions($0) }
    let isInput = { (line: String) in
      line.hasPrefix("#") && line.dropFirst().drop { $0 == " " || $0 == "\t" }.hasPrefix("input:")
    }
    let at = kept.lastIndex(where: isInput).map { $0 + 1 } ?? 0
    kept.insert("# transitions: \(transitions)", at: at)
    return kept
  }
}
