/// The `version` member of a declarations file (transitions or variants):
/// the one check both readers make of it.
enum DeclarationVersion {
  /// Why a `version` member could not be accepted: the message to report
  /// at its value.
  struct Mismatch: Error {
    /// `expected …, found …`.
    let message: String
  }

  /// The version a `version` member declares, when it is `supported`.
  /// - Parameters:
  ///   - literal: The value's text as written.
  ///   - isNumber: Whether the value is a JSON number.
  ///   - supported: The one version the reader reads.
  ///   - found: The value as a message shows it, when it is not a number.
  @inline(__always)
  static func read(
    _ literal: String, isNumber: Bool, supported: Int, found: @autoclosure () -> String
  ) throws(Mismatch) -> Int {
    guard isNumber, let number = Int(literal) else {
      throw Mismatch(message: "expected the version \(supported), found \(found())")
    }
    guard number == supported else {
      throw Mismatch(
        message:
          "expected version \(supported), found \(number) (written by a newer gesturetrace?)")
    }
    return number
  }
}
