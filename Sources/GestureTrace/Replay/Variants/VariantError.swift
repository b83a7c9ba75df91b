/// Why a variant spec or a variants file could not be used.
public struct VariantError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, in a sentence that quotes the offending text and
  /// lists what is valid.
  public let description: String
  /// What went wrong without naming the spec or sweep it is about, for a
  /// caller whose message names it already (`Invalid sweep 'X': ` + reason).
  // NB: wrapping the description instead repeated it: "Invalid sweep 'X':
  // invalid sweep 'X': expected …".
  package let reason: String

  init(_ description: String, reason: String? = nil) {
    // NB: specs come from command lines and files; control characters in
    // them are shown as escapes.
    self.description = description.escapedForMessage
    self.reason = (reason ?? description).escapedForMessage
  }
}
