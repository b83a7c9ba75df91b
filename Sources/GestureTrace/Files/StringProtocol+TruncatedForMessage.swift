extension StringProtocol {
  /// The text shortened to 40 characters with an ellipsis, for messages.
  var truncatedForMessage: String {
    count > 40 ? String(prefix(39)) + "…" : String(self)
  }
}
