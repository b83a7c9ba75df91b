import GestureTrace

/// The problems a command run with `--lenient` skipped, counted by what
/// was expected, for the summary it prints on standard error at the end.
///
/// ```
/// Skipped 3 bad traces: 2 × expected a finite number for 'tx' (first at
/// a.csv:3:12), 1 × expected the first event to be 'began' (at a.csv:9:8)
/// ```
///
/// NB: a reference type, so that every file a command reads adds to one
/// count without threading an `inout` through each reading function.
final class SkippedProblems {
  /// The number of problems skipped.
  private(set) var count = 0
  /// The traces the problems spoiled, as `path NUL id`.
  private var badTraces = Set<String>()
  /// Each kind of problem: how many, in what order first seen, and where.
  private var kinds: [String: (count: Int, order: Int, first: String)] = [:]

  /// A counter when the arguments have `--lenient`, else `nil` (the first
  /// problem ends the command).
  static func make(_ arguments: ParsedArguments) -> SkippedProblems? {
    arguments[SharedOptions.lenient] ? SkippedProblems() : nil
  }

  /// Counts a problem found in `path`.
  func add(_ problem: TraceFileProblem, in path: String) {
    count += 1
    if let id = problem.traceID { badTraces.insert("\(path)\u{0}\(id)") }
    let kind = SkippedProblems.kind(of: problem.message)
    let place = "\(TraceInput.displayName(path)):\(problem.line):\(problem.column)"
    let known = kinds[kind] ?? (count: 0, order: kinds.count, first: place)
    kinds[kind] = (known.count + 1, known.order, known.first)
  }

  /// What was expected: the message up to what was found.
  static func kind(of message: String) -> String {
    let cuts = [", found ", "; "].compactMap { message.firstRange(of: $0)?.lowerBound }
    guard let cut = cuts.min() else { return message }
    return String(message[..<cut])
  }

  /// The summary line, or `nil` when nothing was skipped.
  var summary: String? {
    guard count > 0 else { return nil }
    let traces = badTraces.count
    var text = "Skipped "
    if traces == count {
      text += plural(traces, "bad trace")
    } else {
      text += plural(count, "problem")
      if traces > 0 { text += " (\(plural(traces, "bad trace")))" }
    }
    let parts = kinds.sorted {
      ($0.value.count, -$0.value.order) > ($1.value.count, -$1.value.order)
    }
    .map { kind, entry in
      "\(entry.count) × \(kind) (\(entry.count == 1 ? "at" : "first at") \(entry.first))"
    }
    return text + ": " + parts.joined(separator: ", ") + "\n"
  }

  /// Writes the summary to standard error, when anything was skipped.
  func report(io: inout some ToolIO) {
    if let summary { io.writeError(summary) }
  }

  private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}

extension CommandSpec.Option {
  /// `--lenient`: skip bad traces and count them instead of stopping.
  static let lenient = SharedOptions.lenient.option
}
