/// Makes a deterministic corpus of synthetic, human-like pan gestures.
///
/// Each trace is a ``GestureKind`` drawn from a fixed mix (30 % drags, 25 %
/// flicks, 20 % reversals, 15 % hesitant gestures, 10 % horizontal ones),
/// moved along minimum-jerk reaches, sampled at ``rate`` with timing jitter
/// and dropped frames, blurred by sensor noise, quantized to the pixels of a
/// 3x screen, and reported as `UIPanGestureRecognizer` would: `began` with a
/// zero translation, `changed` on every movement, then `ended` (about 2 % of
/// traces end `cancelled`, as when the system cancels a touch).
///
/// A trace depends only on the seed and its index, so traces can be made in
/// any order or in parallel, and the same seed always gives the same traces:
///
/// ```swift
/// let synthesizer = TraceSynthesizer(seed: 42)
/// let trace = synthesizer.trace(at: 7)
/// trace.id                     // "s000007"
/// trace.metadata["kind"]       // "flick", say
/// trace.violations.isEmpty     // true
/// ```
public struct TraceSynthesizer: Sendable, Hashable {
  /// The corpus seed.
  public let seed: UInt64
  /// The touch sampling rate in hertz, from 1 to 1000.
  public let rate: Double
  /// The transition the gestures are made for, or `nil` for the untargeted
  /// mix of vertical pans.
  public let target: TargetGestureMix?

  /// The sampling rates the synthesizer accepts; others are clamped to it.
  package static let supportedRates: ClosedRange<Double> = 1...1_000
  /// The size of the view gestures are made in, in points.
  static let viewSize = Vector2D(x: 390, y: 844)
  /// The pixels per point of the simulated screen.
  static let scale = 3.0

  /// Creates a synthesizer for the corpus with the given seed.
  ///
  /// - Parameters:
  ///   - seed: The corpus seed; the same seed always gives the same traces.
  ///   - rate: The touch sampling rate in hertz. A rate outside 1–1000 Hz
  ///     is clamped to that range, and NaN reads as 120.
  public init(seed: UInt64, rate: Double = 120) {
    self.seed = seed
    self.rate = Self.clamped(rate)
    self.target = nil
  }

  /// Creates a synthesizer for gestures made at one transition.
  ///
  /// Each trace is drawn from the transition's ``TargetGestureMix``, in its
  /// geometry, labelled with what the gesture means for it, and carries
  /// the metadata `target` (the variant's transition name):
  ///
  /// ```swift
  /// let sheet = try Variant(parsing: "player-sheet")
  /// let trace = TraceSynthesizer(seed: 1, target: sheet).trace(at: 0)
  /// trace.metadata.target        // "player-sheet"
  /// ```
  ///
  /// - Parameters:
  ///   - seed: The corpus seed; the same seed always gives the same traces.
  ///   - rate: The touch sampling rate in hertz, clamped as by
  ///     ``init(seed:rate:)``.
  ///   - target: The variant whose transition the gestures are made for.
  public init(seed: UInt64, rate: Double = 120, target: Variant) {
    self.seed = seed
    self.rate = Self.clamped(rate)
    self.target = TargetGestureMix(target)
  }

  /// Creates a synthesizer for gestures made at one transition under the
  /// assumptions of `model` (``IntentModel``), which each trace's
  /// metadata writes.
  ///
  /// - Throws: An ``IntentModel/Problem`` when the model does not fit the
  ///   transition.
  package init(seed: UInt64, rate: Double = 120, target: Variant, model: IntentModel)
    throws(IntentModel.Problem)
  {
    self.seed = seed
    self.rate = Self.clamped(rate)
    self.target = try TargetGestureMix(target, model: model)
  }

  /// A rate clamped to ``supportedRates``; NaN reads as 120.
  private static func clamped(_ rate: Double) -> Double {
    rate.isNaN ? 120 : min(max(rate, supportedRates.lowerBound), supportedRates.upperBound)
  }

  /// Returns the trace with the given index in the corpus.
  ///
  /// The trace's identifier is `s` and the index padded to six digits
  /// (`s000042`); made for a target, the transition's name, a dash and the
  /// digits (`player-sheet-000042`). Its metadata has `source` `synth`, `units` `pt`, `view`
  /// `390x844`, the ``GestureKind/intent`` of its kind, the tags `kind`,
  /// `direction` (`up`, `down`, `left` or `right`) and `seed`, then the
  /// model of intent that labelled it: `intentModel` (`synth-untargeted`,
  /// `synth-target` or `synth-target-stops`), `intentModelVersion`, and for
  /// `synth-target` its assumptions (`IntentModel`).
  ///
  /// - Complexity: O(*n*), where *n* is the number of events.
  public func trace(at index: Int) -> Trace {
    var rng = generator(at: index)
    let (id, metadata, plan) = drawn(at: index, using: &rng)
    return Trace(id: id, events: events(for: plan, using: &rng), metadata: metadata)
  }

  /// The id, metadata and plan of the trace at `index`, drawn from `rng`
  /// (its ``generator(at:)``); its events are drawn next.
  func drawn(at index: Int, using rng: inout SplitMix64) -> (
    id: String, metadata: TraceMetadata, plan: GesturePlan
  ) {
    let (kind, plan) = drawnPlan(at: index, using: &rng)
    return (id(at: index), metadata(of: kind, direction: plan.direction), plan)
  }

  /// The kind and plan of the trace at `index`, drawn from its
  /// ``generator(at:)``.
  func drawnPlan(at index: Int, using rng: inout SplitMix64) -> (kind: Kind, plan: GesturePlan) {
    if let target, target.track != nil {
      // A view between more than two stops: the aims in turn.
      let aim = target.aim(at: index)
      return (.target(aim.kind), target.plan(for: aim, using: &rng))
    }
    if let target {
      // NB: a separate path, so the untargeted corpus keeps its draws and bytes.
      let kind = target.drawnKind(using: &rng)
      return (.target(kind), target.plan(for: kind, using: &rng))
    }
    let kind = GestureKind.drawn(using: &rng)
    return (.untargeted(kind), GesturePlan.drawn(kind, using: &rng))
  }

  /// The kind of a synthetic trace: of the untargeted mix or of a target's.
  enum Kind: Hashable {
    case untargeted(GestureKind)
    case target(TargetGestureMix.Kind)
  }

  /// The metadata of a trace of this kind going in this direction: all
  /// that a trace's metadata depends on.
  func metadata(of kind: Kind, direction: GestureDirection) -> TraceMetadata {
    var metadata = TraceMetadata()
    metadata.source = LabelSource.synthSource
    metadata.units = "pt"
    metadata["view"] = "390x844"
    switch kind {
    case .untargeted(let kind):
      metadata.intent = kind.intent
      metadata["kind"] = kind.rawValue
    case .target(let kind):
      if let target, target.track != nil {
        metadata.intendedStop = target.stopLabel(of: kind, direction: direction)
      } else {
        metadata.intent = target?.intent(of: kind)
      }
      metadata.target = target?.transition
      metadata["kind"] = kind.rawValue
    }
    metadata["direction"] = direction.rawValue
    metadata["seed"] = String(seed)
    for (key, value) in intentModelEntries { metadata[key] = value }
    return metadata
  }

  /// The metadata naming the model of intent that labels the traces, and
  /// its assumptions (``IntentModel/metadataEntries(for:)``).
  var intentModelEntries: [(key: String, value: String)] {
    guard let target else {
      return [
        ("intentModel", IntentModel.untargetedName),
        ("intentModelVersion", String(IntentModel.version)),
      ]
    }
    guard target.track == nil else {
      return [
        ("intentModel", IntentModel.stopsName), ("intentModelVersion", String(IntentModel.version)),
      ]
    }
    return target.model.metadataEntries(for: target)
  }

  /// The identifier of the trace at `index`: ``id(at:)`` made for the
  /// target, if any.
  func id(at index: Int) -> String {
    guard let target else { return Self.id(at: index) }
    // NB: named after the transition, so that corpora made for different
    // transitions can be analyzed together without sharing ids.
    return target.transition + "-" + Self.id(at: index).dropFirst()
  }

  /// The generator for one trace, mixed from the seed and the index.
  func generator(at index: Int) -> SplitMix64 {
    let offset = UInt64(bitPattern: Int64(index)) &* SplitMix64.golden
    return SplitMix64(seed: SplitMix64.mixed(SplitMix64.mixed(seed) &+ offset))
  }

  /// The identifier of the trace at `index`: `s000042`.
  static func id(at index: Int) -> String {
    let digits = String(index.magnitude)
    let padding = String(repeating: "0", count: max(0, 6 - digits.count))
    return (index < 0 ? "s-" : "s") + padding + digits
  }
}
