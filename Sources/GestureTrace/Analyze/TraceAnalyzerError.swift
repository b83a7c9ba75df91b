/// Why a ``TraceAnalyzer`` refused a trace, a merge or a partial summary.
///
/// Its description says what was expected and what was found; a problem
/// in a partial starts with the partial's name, line and column
/// (`shard.part:3:12: expected a number, found 'x'`).
public struct TraceAnalyzerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The message.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
