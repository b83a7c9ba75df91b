/// Where a trace's intent label comes from; for an unlabelled trace, where
/// the gesture itself comes from (recorded by a person, or made by
/// `synth`).
///
/// Reports count and score each source apart: accuracies on synthetic
/// labels measure agreement with the synthetic model of intent, not with
/// people.
public enum LabelSource: Int, Sendable, Hashable, CaseIterable, Comparable {
  /// A person's gesture, labelled (if at all) by that person or whoever
  /// recorded it: any trace not made by `synth` and not labelled by a
  /// correction.
  case human
  /// A person's gesture labelled afterwards from what they did next
  /// (`intentSource: correction`, ``Trace/labelledByCorrection(_:)``).
  case correction
  /// A gesture made by `synth` (`source: synth`), labelled by its model
  /// of intent.
  case synthetic

  /// The source of a trace with this metadata; `isLabelled` says whether
  /// it carries an intent label (a correction counts only on a label).
  package init(metadata: TraceMetadata, isLabelled: @autoclosure () -> Bool) {
    if metadata.source == Self.synthSource {
      self = .synthetic
    } else if metadata["intentSource"] == Trace.correctionIntentSource, isLabelled() {
      self = .correction
    } else {
      self = .human
    }
  }

  /// The `source` metadata `synth` writes.
  static let synthSource = "synth"

  /// The name reports use: `human`, `correction` or `synthetic`.
  package var name: String {
    switch self {
    case .human: "human"
    case .correction: "correction"
    case .synthetic: "synthetic"
    }
  }

  /// Sources in declaration order: people, corrections, synthetic.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
