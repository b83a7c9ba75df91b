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
    count += 1
    if count <= ProblemReporter.limit {
      emit(.problem(TraceFileProblem(line: line, column: column, message: message)))
    } else if count == ProblemReporter.limit + 1 {
      emit(
        .problem(
          TraceFileProblem(
            line: line, column: column,
            message: "expected at most \(ProblemReporter.limit) problems, found more; "
              + "the rest are not reported")))
    }
  }
}
