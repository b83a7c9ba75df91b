extension TransitionCatalog {
  /// The largest transitions file ``declare(parsing:file:)`` reads, in
  /// bytes (1 MiB).
  package static var maximumDeclarationBytes: Int { TransitionDeclarationReader.maximumBytes }

  /// Adds the transitions a transitions file declares: views dragged along
  /// an axis between named stops, replayed by a generic engine.
  ///
  /// ```json
  /// {"version": 1,
  ///  "transitions": {
  ///    "my-sheet": {"axis": "y", "stops": {"open": 0, "closed": 520}, "start": "closed",
  ///                 "rule": "projection", "parameters": {"rate": 0.99}},
  ///    "our-panel": {"preset": "floating-panel", "parameters": {"half": 300}}}}
  /// ```
  ///
  /// Each declaration becomes a family whose variant keys are its stops'
  /// positions (named after the stops, in points), `start`, `rule` and the
  /// rule's parameters, and its own (`decideAt`, `rubberBandDimension`,
  /// `settleResponse`, `settleDampingRatio`, `settleDuration`,
  /// `settleCurve`): `--variant my-sheet:closed=600`. With two stops any
  /// release rule decides `complete` or `cancel`; with more a stop rule
  /// (`nearest`, `projection`, …) picks the stop, the outcome
  /// ``TransitionOutcome/stop(_:)``. The keys are listed in the README.
  ///
  /// Nothing is added unless the whole file is valid. A file is at most
  /// 1 MiB, with at most 64 transitions of at most 32 stops each.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - file: The file's name, for messages.
  /// - Throws: ``TransitionDeclarationError`` at the first problem:
  ///   `file:line:column: expected …, found …`.
  public mutating func declare(parsing text: String, file: String)
    throws(TransitionDeclarationError)
  {
    let reader = TransitionDeclarationReader(text: text, file: file)
    let declarations = try reader.read { family(named: $0) != nil }
    var catalog = self
    for (declaration, _) in declarations {
      do throws(VariantError) {
        try catalog.register(declaration.family)
      } catch {
        // NB: the reader checked the names against this catalog and each
        // other; nothing else makes registering fail.
        preconditionFailure("\(error)")
      }
    }
    self = catalog
  }
}
