/// The trace ids a ``CSVTraceDecoder`` keeps track of: the current trace's
/// as two words for the row readers, a hash of every id whose first row
/// was read, and the ids whose metadata lines had a problem before their
/// first row.
// NB: ids of started traces are kept as 64-bit hashes so memory stays
// bounded by the largest trace; a collision (about 1 in 10^10 for a
// million traces) would report a false "not contiguous" problem.
struct CSVTraceIDs {
  /// The current trace's id as words, when it has at most 16 bytes.
  // NB: kept outside the pending trace: each read through that optional
  // costs more than the comparison, for every row.
  var currentWords: IDWords?
  /// The ``TraceIDHash`` of the id of every trace whose first row was read.
  private(set) var started = IDHashSet()
  /// Traces whose metadata lines had a problem before their first row.
  private var spoiled = Set<String>()

  /// Whether the first row of the trace with this id was read.
  @inline(__always)
  func hasStarted(_ id: UnsafeBufferPointer<UInt8>) -> Bool {
    started.contains(TraceIDHash.of(id))
  }

  /// Whether the first row of the trace with this id was read.
  func hasStarted(_ id: String) -> Bool {
    started.contains(TraceIDHash.of(id))
  }

  /// Notes the first row of a trace: `false` when the id had started
  /// before (its rows are not contiguous).
  @inline(__always)
  mutating func start(_ idBytes: [UInt8]) -> Bool {
    started.insert(TraceIDHash.of(idBytes))
  }

  /// Notes that a metadata line of a trace whose rows have not started
  /// had a problem.
  mutating func spoil(_ id: String) {
    spoiled.insert(id)
  }

  /// Whether metadata lines of the trace with this id had a problem,
  /// forgetting it.
  mutating func takeSpoiled(_ id: String) -> Bool {
    !spoiled.isEmpty && spoiled.remove(id) != nil
  }
}
