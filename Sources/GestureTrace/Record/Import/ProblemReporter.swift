/// Hands problems on, up to a limit, so a file of garbage produces a
/// bounded number of messages.
struct ProblemReporter {
  /// The most problems reported; one more says the rest were left out.
  static let limit = 100
  private var count = 0

  /// Reports a problem at a line and byte column unless the limit is passed.
  mutating func report(
    line: Int, column: Int, _ message: String, into emit: (DeviceLogItem) -> Void
  ) {
    if let problem = admit(TraceFileProblem(line: line, column: column, message: message)) {
      emit(.problem(problem))
    }
  }

  /// Counts `problem` and returns what to report for it: the problem itself
  /// up to the limit, the notice that the rest are left out just past it,
  /// nothing after that.
  @inline(__always)
  mutating func admit(_ problem: TraceFileProblem) -> TraceFileProblem? {
    count += 1
    if count <= ProblemReporter.limit {
      return problem
    } else if count == ProblemReporter.limit + 1 {
      return TraceFileProblem(
        line: problem.line, column: problem.column,
        message: "expected at most \(ProblemReporter.limit) problems, found more; "
          + "the rest are not reported")
    }
    return nil
  }
}
