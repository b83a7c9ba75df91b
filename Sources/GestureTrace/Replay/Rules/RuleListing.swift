/// One rule as `gesturetrace variants` lists it.
package struct RuleListing: Sendable {
  /// The rule's name.
  package var name: String
  /// What it does, in one sentence.
  package var summary: String
  /// Where it comes from.
  package var source: String
  /// Its parameters with their defaults.
  package var parameters: [Parameter]

  /// The rules only transitions with a track take: the stop rules
  /// (``StopRules/all``), then the release rules of the presets
  /// (``DeclaredReleaseRules/all``).
  package static let trackRules: [RuleListing] =
    StopRules.all.map {
      RuleListing(name: $0.name, summary: $0.summary, source: $0.source, parameters: $0.parameters)
    }
    + DeclaredReleaseRules.all.map {
      RuleListing(name: $0.name, summary: $0.summary, source: $0.source, parameters: $0.parameters)
    }
}
