import GestureTrace

/// `gesturetrace info`: what each trace file holds.
enum InfoCommand: Subcommand {
  static let spec = CommandSpec(
    name: "info",
    abstract: "Describe what trace files hold.",
    discussion: """
      For each file: the number of traces and events, the ranges of duration and net \
      distance, the sampling interval (median, jitter as the standard deviation, \
      longest gap), the phases seen and the metadata keys with how many traces carry \
      each. Traces in pixels ('units: px') are measured in points, divided by their \
      'scale'; those with no scale are counted as left out and not measured.

      The input format is --from, as in every command; --format, its old name here, \
      still works until the next release, with a warning. A CSV or JSON Lines file is read on \
      every core (--jobs); the output does not depend on it.
      """,
    arguments: [
      .init(
        name: "files", help: "The trace files to describe (- for standard input).",
        isRepeating: true)
    ],
    options: [
      SharedOptions.inputFrom.option, SharedOptions.formerInputFormat.option,
      SharedOptions.lenient.option, SharedOptions.jobs.option,
    ],
    examples: [("gesturetrace info traces/player-sheet.csv", "Describe one file.")])

  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError)
    -> ExitCode
  {
    try run(arguments, pieceSize: 2 << 20, io: &io)
  }

  /// Runs the command, reading regular files in pieces of about `pieceSize`
  /// bytes (tests pass small ones), or with one decoder when it is `nil`;
  /// a piece and a file count at most `distinctIntervals` distinct
  /// sampling intervals before keeping them as values (tests pass few).
  static func run(
    _ arguments: ParsedArguments, pieceSize: Int?,
    distinctIntervals: (piece: Int, file: Int) = (
      IntervalCounts.pieceLimit, InfoTally.distinctIntervalLimit
    ),
    io: inout some ToolIO
  ) throws(CommandError) -> ExitCode {
    let format = arguments.inputFormat(io: &io)
    let jobs = try arguments[SharedOptions.jobs]
    let lenient = SkippedProblems.make(arguments)
    var allLeftOut = LeftOutTraces()
    defer {
      lenient?.report(io: &io)
      allLeftOut.report(io: &io)
    }
    for (index, path) in try TraceInput.expand(arguments.positionals, io: &io).enumerated() {
      let tally = InfoTally(distinctIntervals: distinctIntervals.file)
      var outcome = PiecedFile.Progress()
      if let pieceSize {
        var pipeline = InfoPipeline(jobs: jobs)
        pipeline.pieceSize = pieceSize
        pipeline.distinctIntervals = distinctIntervals.piece
        outcome = try pipeline.add(path, format: format, to: tally)
      }
      if !outcome.isComplete {
        // NB: one reader goes on after the traces read in pieces.
        var seen = 0
        try TraceInput.readTraces(path, format: format, lenient: lenient, io: &io) { trace in
          seen += 1
          if seen > outcome.traceCount { tally.add(trace) }
        }
      }
      allLeftOut.merge(tally.leftOut)
      guard let columns = tally.columns() else {
        throw .ioError("Cannot read back the temporary file of '\(TraceInput.displayName(path))'")
      }
      if index > 0 { io.write("\n") }
      io.write(
        describe(
          TraceInput.displayName(path), traces: tally.traces, events: tally.events,
          durations: columns.durations, distances: columns.distances,
          intervals: columns.intervals, phases: tally.phases, keys: tally.keys,
          withVelocity: tally.withVelocity, leftOut: tally.leftOut))
    }
    return .success
  }

  /// What `info` prints of a column: its range, median and spread.
  struct ColumnStats: Hashable {
    var minimum: Double?
    var maximum: Double?
    var median: Double?
    var standardDeviation: Double?

    /// Statistics found some other way (``IntervalCounts/stats``).
    init(minimum: Double?, maximum: Double?, median: Double?, standardDeviation: Double?) {
      self.minimum = minimum
      self.maximum = maximum
      self.median = median
      self.standardDeviation = standardDeviation
    }

    /// The statistics found in passes over a column.
    init(_ streamed: Quantiles.Streamed) {
      minimum = streamed.minimum
      maximum = streamed.maximum
      median = streamed.values.first
      standardDeviation = streamed.standardDeviation
    }

    /// The statistics of values held in memory (what `info` printed
    /// before it spilled them; tests compare the two).
    init(_ quantiles: Quantiles) {
      minimum = quantiles.minimum
      maximum = quantiles.maximum
      median = quantiles.median
      standardDeviation = quantiles.standardDeviation
    }
  }

  static func describe(
    _ name: String, traces: Int, events: Int, durations: ColumnStats, distances: ColumnStats,
    intervals: ColumnStats, phases: [TouchPhase: Int], keys: [String: Int], withVelocity: Int,
    leftOut: LeftOutTraces
  ) -> String {
    var rows: [(String, String)] = [
      ("traces", "\(traces)"),
      ("events", "\(events)"),
    ]
    if leftOut.count > 0 {
      let noun = leftOut.count == 1 ? "trace" : "traces"
      let units = leftOut.units.joined(separator: ", ")
      rows.insert(("left out", "\(leftOut.count) \(noun) in \(units) with no scale"), at: 1)
    }
    if let low = durations.minimum, let high = durations.maximum, let median = durations.median {
      rows.append(("duration", "\(ms(low)) – \(ms(high)) ms (median \(ms(median)))"))
    }
    if let low = distances.minimum, let high = distances.maximum, let median = distances.median {
      rows.append(
        ("net distance", "\(fixed(low, 1)) – \(fixed(high, 1)) pt (median \(fixed(median, 1)))"))
    }
    if let median = intervals.median, let longest = intervals.maximum {
      let jitter = intervals.standardDeviation ?? 0
      rows.append(
        (
          "sampling interval",
          "median \(ms(median, 2)) ms, jitter \(ms(jitter, 2)) ms, longest gap \(ms(longest, 2)) ms"
        ))
    }
    let phaseText = TouchPhase.allCases.compactMap { phase in
      phases[phase].map { "\(phase.rawValue) \($0)" }
    }
    rows.append(("phases", phaseText.isEmpty ? "none" : phaseText.joined(separator: ", ")))
    rows.append(("velocities", "\(withVelocity) of \(traces) traces"))
    let keyText = keys.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
    rows.append(("metadata keys", keyText.isEmpty ? "none" : keyText.joined(separator: ", ")))
    var text = "\(name)\n"
    for (label, value) in rows {
      text += "  " + label + String(repeating: " ", count: max(1, 20 - label.count)) + value + "\n"
    }
    return text
  }

  static func ms(_ seconds: Double, _ places: Int = 0) -> String {
    fixed(seconds * 1000, places)
  }
}

/// A number with a fixed number of decimal places, without Foundation's
/// formatting (so output is identical everywhere).
///
/// A value too large for 15 significant digits, or more than 15 places
/// (ticks of a range of 1e-300), is printed in full instead.
// NB: `Int64(scale)` trapped from 19 places on (an HTML chart's ticks over
// a tiny range asked for 320).
func fixed(_ value: Double, _ places: Int) -> String {
  guard value.isFinite, places <= 15 else { return value.description }
  var scale = 1.0
  for _ in 0..<places { scale *= 10 }
  let scaled = (abs(value) * scale).rounded()
  guard scaled < 9e15 else { return value.description }
  let integer = Int64(scaled)
  let divisor = Int64(scale)
  var text = value < 0 && integer != 0 ? "-" : ""
  text += String(integer / divisor)
  if places > 0 {
    let fraction = String(integer % divisor)
    text += "." + String(repeating: "0", count: places - fraction.count) + fraction
  }
  return text
}
