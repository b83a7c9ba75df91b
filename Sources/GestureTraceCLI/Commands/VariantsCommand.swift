import GestureTrace

/// `gesturetrace variants`: every transition and release rule with its
/// parameters, defaults, units and sources.
enum VariantsCommand: Subcommand {
  static let spec = CommandSpec(
    name: "variants",
    abstract: "List the transitions and release rules a variant can name.",
    discussion: """
      A variant spec is a transition's name, optionally followed by a colon and \
      comma-separated key=value settings: 'lyrics-swap:axis=x,dismissalOffset=70'. \
      Keys left out keep the defaults shown here, which are the values of each \
      transition's source. Transitions with a 'rule' parameter also take the chosen \
      rule's parameters: 'player-sheet:rule=projection,rate=0.99'.

      With --transitions FILE, the transitions the file declares are listed after the \
      built-in ones, and every command given the same file accepts their names. A \
      transition that moves a view between named stops shows its track: the axis, each \
      stop's position in points and the stop it starts at.
      """,
    arguments: [
      .init(name: "name", help: "Show only this transition or rule.", isOptional: true)
    ],
    options: [TransitionsOption.key.option],
    examples: [
      ("gesturetrace variants", "Everything."),
      ("gesturetrace variants lyrics-swap", "One transition's parameters."),
      ("gesturetrace variants projection", "One release rule."),
      (
        "gesturetrace variants --transitions traces/samples/drawer.transitions.json",
        "The built-in transitions and those the file declares, with their stops."
      ),
    ])

  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError)
    -> ExitCode
  {
    let only = arguments.positionals.first
    let catalog = try TransitionsOption.catalog(arguments)
    var text = ""
    var shown = 0
    if only == nil { text += "TRANSITIONS\n\n" }
    for family in catalog.families where only == nil || only == family.name {
      var gesture = ""
      var track = ""
      var parameters = family.parameters
      if let published = try? Variant(parsing: family.name, in: catalog) {
        gesture =
          "Gesture (as published): \(published.gesture); intent is scored on traces meant for it"
        if !family.alternatives.isEmpty {
          gesture += ". analyze compares it with " + family.alternatives.joined(separator: ", ")
        }
        track = published.track.map(describe) ?? ""
        // NB: a transition with a track lists its default rule's parameters
        // too (the seeds list their rules below, as before).
        if published.track != nil, case .word(let rule)? = published.values["rule"],
          let ruleParameters = family.ruleParameters(named: rule)
        {
          parameters += ruleParameters
        }
      }
      text += entry(
        family.name, family.summary, family.source, parameters, gesture: gesture, track: track)
      shown += 1
    }
    if only == nil { text += "RELEASE RULES (for transitions with a 'rule' parameter)\n\n" }
    for rule in Variant.rules where only == nil || only == rule.name {
      text += entry(rule.name, rule.summary, rule.source, rule.parameters)
      shown += 1
    }
    if only == nil {
      text +=
        "STOP AND PRESET RULES (for transitions with a track: 'variants NAME' shows which)\n\n"
    }
    for rule in RuleListing.trackRules where only == nil || only == rule.name {
      // NB: `projection` is both a release rule and a stop rule; asked for
      // by name, the release rule above is the one shown.
      guard only == nil || shown == 0 else { break }
      text += entry(rule.name, rule.summary, rule.source, rule.parameters)
      shown += 1
    }
    guard shown > 0 else {
      let names =
        catalog.names + Variant.ruleNames
        + RuleListing.trackRules.map(\.name).filter { !Variant.ruleNames.contains($0) }
      throw .usage(
        "Unknown transition or rule '\((only ?? "").escapingControlCharacters)'; expected one of "
          + names.joined(separator: ", "),
        help: nil)
    }
    io.write(text)
    return .success
  }

  private static func entry(
    _ name: String, _ summary: String, _ source: String, _ parameters: [Parameter],
    gesture: String = "", track: String = ""
  ) -> String {
    var text = "\(name)\n"
    text += HelpText.wrap(summary, indent: 2)
    text += HelpText.wrap("Source: " + source, indent: 2)
    if !gesture.isEmpty { text += HelpText.wrap(gesture + ".", indent: 2) }
    if !track.isEmpty { text += HelpText.wrap(track, indent: 2) }
    if parameters.isEmpty {
      text += "  (no parameters)\n"
    }
    for parameter in parameters {
      var head = "  \(parameter.name) = \(parameter.defaultValue)"
      if !parameter.unit.isEmpty { head += " \(parameter.unit)" }
      text += head + "  (\(parameter.accepted))\n"
      text += HelpText.wrap(parameter.summary, indent: 6)
      text += HelpText.wrap("Source: " + parameter.source, indent: 6)
    }
    return text + "\n"
  }

  /// `Track (as published): y axis; stops open at 0 pt, half at 300 pt,
  /// closed at 520 pt; starts at closed. Its outcome is the stop it
  /// settles on.`
  static func describe(_ track: TransitionTrack) -> String {
    let stops = track.stops.map { "\($0.name) at \($0.position.reportText) pt" }
    var text = "Track (as published): \(track.axis) axis; stops "
    text += stops.joined(separator: ", ") + "; starts at \(track.start)."
    text +=
      track.isMultiStop
      ? " Its outcome is the stop it settles on."
      : " It completes when it settles on the other stop."
    return text
  }
}
