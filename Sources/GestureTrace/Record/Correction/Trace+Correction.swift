extension Trace {
  /// The `intentSource` metadata of an intent inferred from what the person
  /// did next (``labelledByCorrection(_:)``).
  public static let correctionIntentSource = "correction"

  /// The trace with an intent attached after the fact: `intent` set to
  /// `intent` and `intentSource` to `correction`, so that reports can tell
  /// an inferred label from one the person gave.
  ///
  /// ```swift
  /// let labelled = trace.labelledByCorrection(.cancel)
  /// // metadata: intent=cancel, intentSource=correction
  /// ```
  ///
  /// - Parameter intent: What the person's next actions say they meant.
  public func labelledByCorrection(_ intent: TraceIntent) -> Trace {
    var trace = self
    trace.metadata.intent = intent
    trace.metadata["intentSource"] = Trace.correctionIntentSource
    return trace
  }
}
