/// Why a variant spec or a variants file could not be used.
public struct VariantError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, in a sentence that quotes the offending text and
  /// lists what is valid.
  public let description: String

  init(_ description: String) {
    // NB: specs come from command lines and files; control characters in
    // them are shown as escapes.
    self.description = description.escapingControlCharacters
  }
}
