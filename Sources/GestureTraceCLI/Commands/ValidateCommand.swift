import GestureTrace

/// `gesturetrace validate`: checks trace files against every rule of the
/// format.
enum ValidateCommand: Subcommand {
  static let spec = CommandSpec(
    name: "validate",
    abstract: "Check trace files against the format's rules.",
    discussion: """
      Reports every problem as 'file:line:column: message', saying what was expected \
      and what was found, then a summary. A trace is valid when it starts with \
      'began', ends with 'ended' or 'cancelled', has nothing after its end, never goes \
      back in time, has only finite numbers and keeps its rows together. Exits with \
      65 when any problem is found, or 0 with --lenient (the valid traces are usable \
      by every command given --lenient).

      The input format is --from, as in every command; --format, its old name here, \
      still works until the next release, with a warning.
      """,
    arguments: [
      .init(
        name: "files", help: "The trace files to check (CSV or JSON Lines; - for standard input).",
        isRepeating: true)
    ],
    options: [
      SharedOptions.inputFrom.option, SharedOptions.formerInputFormat.option,
      SharedOptions.lenient.option,
    ],
    examples: [
      ("gesturetrace validate traces/player-sheet.csv", "Check one file."),
      ("gesturetrace validate traces/*.csv", "Check several files; exit 65 if any is invalid."),
    ])

  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError)
    -> ExitCode
  {
    let format = arguments.inputFormat(io: &io)
    var totalTraces = 0
    var totalEvents = 0
    var totalProblems = 0
    var badTraces = Set<String>()
    let files = try TraceInput.expand(arguments.positionals, io: &io)
    for path in files {
      let name = TraceInput.displayName(path)
      var report = ""
      // NB: CSV traces come without their events (only counted): every
      // rule is checked as the rows stream by, so memory does not grow with
      // a trace's length.
      let read = try TraceInput.read(
        path, format: format, keepingEvents: false, io: &io
      ) { item, _, io in
        switch item {
        case .trace(let trace, _):
          totalTraces += 1
          totalEvents += trace.events.count
        case .problem(let problem):
          totalProblems += 1
          if let id = problem.traceID { badTraces.insert("\(path)\u{0}\(id)") }
          report += "\(name):\(problem)\n"
          if report.utf8.count > 1 << 16 {
            io.write(report)
            report = ""
          }
        }
        return true
      }
      io.write(report)
      totalEvents += read.droppedEvents
    }
    let fileWord = files.count == 1 ? "file" : "files"
    var summary = "Checked \(files.count) \(fileWord): \(totalTraces) valid "
    summary += totalTraces == 1 ? "trace" : "traces"
    summary += " (\(totalEvents) events)"
    if totalProblems == 0 {
      io.write(summary + ", no problems.\n")
      return .success
    }
    summary += ", \(totalProblems) " + (totalProblems == 1 ? "problem" : "problems")
    summary += " in \(badTraces.count) invalid " + (badTraces.count == 1 ? "trace" : "traces")
    io.write(summary + ".\n")
    return arguments[SharedOptions.lenient] ? .success : .dataError
  }
}
