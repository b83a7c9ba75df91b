extension IntentScore {
  /// How many scored traces carry each label: `complete` then `cancel`
  /// (both, even at 0), or, scored on stop labels, each stop label that
  /// occurs, in name order. Accuracy depends on this mix, which a
  /// recording session sets at will, so reports print it with it.
  package var labelMix: [TransitionEvidence.LabelCount] {
    if isMultiStop {
      return stops.filter { $0.meant > 0 }.map {
        TransitionEvidence.LabelCount(label: $0.name, count: $0.meant)
      }
    }
    return [
      TransitionEvidence.LabelCount(label: TraceIntent.complete.rawValue, count: meantComplete),
      TransitionEvidence.LabelCount(label: TraceIntent.cancel.rawValue, count: meantCancel),
    ]
  }
}
