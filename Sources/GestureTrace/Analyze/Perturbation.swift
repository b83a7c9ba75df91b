/// A change to a trace that real recordings of the same gesture show: a
/// decision that changes under it is fragile.
///
/// Every perturbation is deterministic: the same trace always gives the
/// same perturbed trace, whatever else is analyzed with it (the jitter is
/// drawn from a ``SplitMix64`` seeded by the FNV-1a hash of the trace id).
///
/// ```swift
/// let jittered = Perturbation.jitter.applied(to: trace)
/// // the same events, each time but the first moved by up to ±8.3 ms
/// ```
package struct Perturbation: Sendable, Hashable, CustomStringConvertible {
  enum Kind: Sendable, Hashable {
    /// The release velocity as this estimator measures it from the
    /// translations.
    case estimator(VelocityEstimator)
    /// Each time but the first moved by up to a frame at 120 Hz.
    case jitter
    /// The last event before the lift removed.
    case dropLastSample
    /// Only the events at least a frame at this rate apart kept.
    case resample(framesPerSecond: Int)
    /// Positions and velocities times this factor.
    case scale(Double)
  }

  let kind: Kind

  /// The name reports give it: `estimator:lsq2`, `jitter`, `drop-last`,
  /// `resample-60hz`, `scale-5%`, `scale+5%`.
  package let name: String

  package var description: String { name }

  /// The release velocity re-estimated from the translations by
  /// `estimator`, in place of the recorded one (or of the one the replay's
  /// own estimator gives).
  package static func estimator(_ estimator: VelocityEstimator) -> Perturbation {
    Perturbation(kind: .estimator(estimator), name: "estimator:" + estimator.name)
  }

  /// Every event after the first moved by a uniform offset within ±1/120 s
  /// (±8,333,333 ns), then held at or after the event before it.
  package static let jitter = Perturbation(kind: .jitter, name: "jitter")

  /// The last event before the lift (the `ended` or `cancelled` event)
  /// removed, when it is a `changed` event.
  static let dropLastSample = Perturbation(kind: .dropLastSample, name: "drop-last")

  /// The trace as a 60 Hz digitizer would report it (see
  /// ``resampleTolerance``).
  static let resample60 = Perturbation(
    kind: .resample(framesPerSecond: 60), name: "resample-60hz")

  /// Translations, locations and velocities times 0.95.
  static let scaleDown = Perturbation(kind: .scale(0.95), name: "scale-5%")

  /// Translations, locations and velocities times 1.05.
  static let scaleUp = Perturbation(kind: .scale(1.05), name: "scale+5%")

  /// Every perturbation `analyze --stability` applies, in report order:
  /// one per estimator, then jitter, the dropped sample, 60 Hz and the
  /// two scales.
  package static let all: [Perturbation] =
    VelocityEstimator.analyzed.map(estimator) + [
      jitter, dropLastSample, resample60, scaleDown, scaleUp,
    ]

  /// The most a resampled `changed` event may come early: a frame at the
  /// lower rate less this still keeps it.
  // NB: recordings round times to the millisecond, so two frames at
  // 120 Hz are often 16 ms apart; without a tolerance a 120 Hz trace
  // resampled to 60 Hz would lose two events in three, not one in two.
  static let resampleTolerance = TraceTime.milliseconds(1)

  /// A frame at 120 Hz, the jitter's bound: 8,333,333 ns.
  static let jitterBound: Int64 = 1_000_000_000 / 120

  /// The trace under this perturbation; a trace it does not apply to
  /// (too short, or not ending with a lift) comes back unchanged.
  package func applied(to trace: Trace) -> Trace {
    var events = trace.events
    switch kind {
    case .estimator(let estimator):
      guard let last = events.indices.last, events[last].phase == .ended else { return trace }
      events[last].velocity = trace.estimatedReleaseVelocity(using: estimator) ?? .zero
    case .jitter:
      Self.jitter(&events, seed: TraceIDHash.of(trace.id))
    case .dropLastSample:
      let count = events.count
      guard count >= 3, events[count - 1].phase.isFinal, events[count - 2].phase == .changed
      else { return trace }
      events.remove(at: count - 2)
    case .resample(let framesPerSecond):
      events = Self.resampled(events, framesPerSecond: framesPerSecond)
    case .scale(let factor):
      for index in events.indices {
        events[index].translation = events[index].translation * factor
        events[index].velocity = events[index].velocity.map { $0 * factor }
        events[index].location = events[index].location.map { $0 * factor }
      }
    }
    return Trace(id: trace.id, events: events, metadata: trace.metadata)
  }

  /// Moves each event after the first by a uniform offset in
  /// ±``jitterBound`` drawn from a generator seeded by `seed`, holding each
  /// at or after the one before.
  static func jitter(_ events: inout [PanEvent], seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let width = UInt64(2 * jitterBound + 1)
    for index in events.indices.dropFirst() {
      // NB: a remainder of 64 bits by 16.7 M: its bias is below 10⁻¹².
      let offset = Int64(generator.next() % width) - jitterBound
      let moved = TraceTime(nanoseconds: events[index].time.nanoseconds + offset)
      events[index].time = max(moved, events[index - 1].time)
    }
  }

  /// The first and last events, and each event between them that comes at
  /// least a frame at `framesPerSecond` (less ``resampleTolerance``) after
  /// the last one kept.
  static func resampled(_ events: [PanEvent], framesPerSecond: Int) -> [PanEvent] {
    guard events.count > 2 else { return events }
    let frame = TraceTime(nanoseconds: 1_000_000_000 / Int64(framesPerSecond))
    let gap = frame - resampleTolerance
    var kept = [events[0]]
    kept.reserveCapacity(events.count / 2 + 2)
    for event in events[1..<(events.count - 1)]
    where event.time - kept[kept.count - 1].time >= gap {
      kept.append(event)
    }
    kept.append(events[events.count - 1])
    return kept
  }
}
