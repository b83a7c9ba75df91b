/// One trace replayed through one variant, with what reports need beyond
/// the outcome: when each threshold was crossed and how close the trace
/// came to it.
package struct VariantRun: Sendable, Hashable {
  /// The decision and when things happened.
  package var outcome: ReplayOutcome
  /// The variant's thresholds.
  package var thresholds: [Threshold]
  /// When each threshold's property first exceeded it (checked after every
  /// event); `nil` when it never did.
  package var crossings: [TraceTime?] { watched.crossings }
  /// The largest value each threshold's property reached after an event.
  package var peaks: [Double] { watched.peaks }
  /// The number of ``peaks``, without making the array.
  package var peakCount: Int { watched.peakCount }
  /// ``peaks``[`index`], without making the array.
  package func peak(at index: Int) -> Double { watched.peak(at: index) }
  /// The crossings and peaks.
  // NB: a run of the seeds (two thresholds at most) keeps the watch that
  // saw them, and makes arrays only when a report reads them: two arrays
  // per run were two allocations per trace and variant, and most runs'
  // crossings are never read.
  private let watched: Watched

  private enum Watched: Sendable {
    case fields(ThresholdWatch)
    case arrays(crossings: [TraceTime?], peaks: [Double])

    var crossings: [TraceTime?] {
      switch self {
      case .fields(let watch): watch.crossings
      case .arrays(let crossings, _): crossings
      }
    }

    var peaks: [Double] {
      switch self {
      case .fields(let watch): watch.peaks
      case .arrays(_, let peaks): peaks
      }
    }

    var peakCount: Int {
      switch self {
      case .fields(let watch): watch.thresholdCount
      case .arrays(_, let peaks): peaks.count
      }
    }

    func peak(at index: Int) -> Double {
      switch self {
      case .fields(let watch): watch.peak(at: index)
      case .arrays(_, let peaks): peaks[index]
      }
    }
  }

  /// A run with these crossings and peaks, one per threshold.
  package init(
    outcome: ReplayOutcome, thresholds: [Threshold], crossings: [TraceTime?], peaks: [Double]
  ) {
    self.outcome = outcome
    self.thresholds = thresholds
    watched = .arrays(crossings: crossings, peaks: peaks)
  }

  /// A run with the crossings and peaks `watch` saw.
  init(outcome: ReplayOutcome, thresholds: [Threshold], watch: ThresholdWatch) {
    self.outcome = outcome
    self.thresholds = thresholds
    watched = .fields(watch)
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.outcome == rhs.outcome && lhs.thresholds == rhs.thresholds
      && lhs.crossings == rhs.crossings && lhs.peaks == rhs.peaks
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(outcome)
    hasher.combine(thresholds)
    hasher.combine(crossings)
    hasher.combine(peaks)
  }
}

extension Replayer {
  /// Replays `trace` through `variant` like ``outcome(of:with:)``, checking
  /// every threshold after each event.
  package func run(_ trace: Trace, with variant: Variant) -> VariantRun {
    run(trace, from: ReplayPrototype(variant.makeTransition()))
  }

  /// Replays `trace` through a copy of `start`, a transition at rest as
  /// ``Variant/makeTransition()`` makes it.
  package func run(_ trace: Trace, from start: any Transition) -> VariantRun {
    run(trace, from: ReplayPrototype(start))
  }

  /// Replays `trace` through a copy of a prepared transition (preparing it
  /// once for many traces saves reading the parameters, casting and
  /// matching thresholds each time).
  func run(_ trace: Trace, from prototype: ReplayPrototype) -> VariantRun {
    prototype.run(trace, replayer: self)
  }

  /// Replays `trace` through a copy of a prepared transition and returns
  /// only the outcome, as ``outcome(of:with:)`` does.
  func outcome(of trace: Trace, from prototype: ReplayPrototype) -> ReplayOutcome {
    prototype.outcome(of: trace, replayer: self)
  }

  /// Replays `trace` through a copy of `start`, watching the prototype's
  /// thresholds.
  // NB: the seed transitions get a replay loop compiled for their type,
  // with direct calls (see ReplayPrototype); any other runs through the
  // protocol.
  func run<T: Transition>(
    _ trace: Trace, typed start: T, _ prototype: ReplayPrototype
  ) -> VariantRun {
    run(trace, typed: start, prototype, shortcut: NoShortcut<T>.self)
  }

  /// ``run(_:typed:_:)`` with a shortcut for stretches of events.
  func run<T, Shortcut: EventShortcut>(
    _ trace: Trace, typed start: T, _ prototype: ReplayPrototype,
    shortcut: Shortcut.Type
  ) -> VariantRun where Shortcut.Subject == T {
    guard var watch = prototype.watch else {
      return runWatchingMany(trace, typed: start, prototype)
    }
    var transition = start
    let lastEvent = deliverEvents(
      of: trace, to: &transition, observer: &watch, shortcut: shortcut,
      stopsAtDecision: prototype.stopsAtDecision)
    return VariantRun(
      outcome: Self.outcome(of: transition, lastEvent: lastEvent),
      thresholds: prototype.thresholds, watch: watch)
  }

  /// ``run(_:typed:_:)`` for more thresholds than a watch keeps in fields.
  private func runWatchingMany<T: Transition>(
    _ trace: Trace, typed start: T, _ prototype: ReplayPrototype
  ) -> VariantRun {
    var transition = start
    var watch = ManyThresholdsWatch(start, thresholds: prototype.thresholds)
    let lastEvent = deliverEvents(
      of: trace, to: &transition, observer: &watch, shortcut: NoShortcut<T>.self,
      stopsAtDecision: prototype.stopsAtDecision)
    return VariantRun(
      outcome: Self.outcome(of: transition, lastEvent: lastEvent),
      thresholds: prototype.thresholds, crossings: watch.crossings, peaks: watch.peaks)
  }

  /// Replays `trace` through a copy of `start` for the outcome alone.
  func outcome<T: Transition>(
    of trace: Trace, typed start: T, stopsAtDecision: Bool
  ) -> ReplayOutcome {
    outcome(
      of: trace, typed: start, stopsAtDecision: stopsAtDecision,
      shortcut: NoShortcut<T>.self)
  }

  /// ``outcome(of:typed:stopsAtDecision:)`` with a shortcut for stretches
  /// of events.
  func outcome<T, Shortcut: EventShortcut>(
    of trace: Trace, typed start: T, stopsAtDecision: Bool, shortcut: Shortcut.Type
  ) -> ReplayOutcome where Shortcut.Subject == T {
    var transition = start
    var nothing = NoObserver()
    let lastEvent = deliverEvents(
      of: trace, to: &transition, observer: &nothing, shortcut: shortcut,
      stopsAtDecision: stopsAtDecision)
    return Self.outcome(of: transition, lastEvent: lastEvent)
  }
}

/// What looks at a transition after each event of a replay.
protocol ReplayObserver {
  /// Looks at `transition` after an event at `time`, without changing it.
  // NB: `inout` hands over the replay's transition in place, and the seed
  // transitions' `propertyValue(at:)` is inlined: a call that takes the
  // transition by value copied it (over 500 bytes) for every event.
  mutating func observe<T: Transition>(_ transition: inout T, at time: TraceTime)

  /// Whether every property it reads has an index in `range` (true when
  /// it reads none).
  func readsOnly(propertiesIn range: Range<Int>) -> Bool

  /// Looks at a transition after an event at `time` whose property at
  /// each index it reads (see ``readsOnly(propertiesIn:)``) is
  /// `value(index)`: what ``observe(_:at:)`` sees then.
  mutating func observe(at time: TraceTime, reading value: (Int) -> Double)
}

/// An observer that looks at nothing, for replays that need only the
/// outcome.
struct NoObserver: ReplayObserver {
  func observe<T: Transition>(_ transition: inout T, at time: TraceTime) {}
  func readsOnly(propertiesIn range: Range<Int>) -> Bool { true }
  func observe(at time: TraceTime, reading value: (Int) -> Double) {}
}

/// Any number of thresholds watched through arrays (see
/// ``ThresholdWatch`` for up to two).
struct ManyThresholdsWatch: ReplayObserver {
  private let thresholds: [Threshold]
  private let columns: [Int?]
  /// The crossings and peaks, one per threshold.
  private(set) var crossings: [TraceTime?]
  private(set) var peaks: [Double]

  /// A watch for `thresholds` of `transition`.
  init(_ transition: some Transition, thresholds: [Threshold]) {
    self.thresholds = thresholds
    let names = transition.propertyNames
    columns = thresholds.map { names.firstIndex(of: $0.property) }
    crossings = Array(repeating: nil, count: thresholds.count)
    peaks = Array(repeating: -.infinity, count: thresholds.count)
  }

  mutating func observe<T: Transition>(_ transition: inout T, at time: TraceTime) {
    for index in thresholds.indices {
      guard let column = columns[index] else { continue }
      see(transition.propertyValue(at: column), at: time, threshold: index)
    }
  }

  func readsOnly(propertiesIn range: Range<Int>) -> Bool {
    columns.allSatisfy { $0.map(range.contains) ?? true }
  }

  mutating func observe(at time: TraceTime, reading value: (Int) -> Double) {
    for index in thresholds.indices {
      guard let column = columns[index] else { continue }
      see(value(column), at: time, threshold: index)
    }
  }

  private mutating func see(_ value: Double, at time: TraceTime, threshold index: Int) {
    peaks[index] = max(peaks[index], value)
    if crossings[index] == nil, value > thresholds[index].value {
      crossings[index] = time
    }
  }
}
