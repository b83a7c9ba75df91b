extension TraceAnalyzer {
  /// What an analyzer keeps of each trace, and what it checks: the
  /// library's choice (``library``) or a command's.
  package struct Configuration: Sendable {
    /// The line each trace adds to ``TraceAnalyzer/lines``.
    package enum Lines: Sendable, Equatable {
      /// None: the per-trace numbers are kept for a report, and the
      /// sample traces' analyses with them.
      case none
      /// A partial summary's trace line, with the per-trace numbers.
      case partial
      /// A row of `analyze --format csv`, and no counts.
      case csv
    }

    /// The line of each trace.
    package var lines: Lines
    /// Whether merging keeps the lines of the analysis merged; off when the
    /// caller writes each piece's lines out before merging it.
    package var keepsLines: Bool
    /// Whether merging keeps the per-trace numbers (for quantiles); off
    /// when only the counts are needed (the lines hold the numbers).
    package var keepsValues: Bool
    /// Whether trace ids are kept and checked for repeats; off when the
    /// caller checks them (the command line does, by their hashes).
    package var checksIDs: Bool
    /// The monotonic clock that times each replay, in nanoseconds; `nil`
    /// when replays are not timed.
    package var clock: (@Sendable () -> UInt64)?
    /// Makes the store that takes the per-trace numbers past
    /// ``spillThreshold`` traces; `nil` when they stay in memory, or when
    /// the store cannot be made.
    package var makeStore: (@Sendable () -> (any TraceValueStore)?)?
    /// After how many traces in memory their numbers move to the store.
    package var spillThreshold = Int.max

    /// Keeps what is asked.
    package init(
      lines: Lines, keepsLines: Bool, keepsValues: Bool, checksIDs: Bool,
      clock: (@Sendable () -> UInt64)? = nil,
      makeStore: (@Sendable () -> (any TraceValueStore)?)? = nil
    ) {
      self.lines = lines
      self.keepsLines = keepsLines
      self.keepsValues = keepsValues
      self.checksIDs = checksIDs
      self.clock = clock
      self.makeStore = makeStore
    }

    /// The public analyzer's: every trace line and number in memory, ids
    /// checked.
    package static let library = Configuration(
      lines: .partial, keepsLines: true, keepsValues: true, checksIDs: true)

    /// Whether analyzers keep sample traces: not for CSV rows alone.
    var keepsSamples: Bool { lines != .csv }
  }
}
