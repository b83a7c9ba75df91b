import GestureTrace

/// An object's members, each its key then its value: `"name":value`.
extension JSONText {
  /// Writes a member whose value is a string, or `null`.
  mutating func string(_ name: StaticString, _ value: String?) {
    key(name)
    string(value)
  }

  /// Writes a member whose value is a whole number, or `null`.
  mutating func integer(_ name: StaticString, _ value: Int?) {
    key(name)
    if let value { integer(value) } else { literal("null") }
  }

  /// Writes a member whose value is a number in its shortest form, or
  /// `null` when missing or not finite.
  mutating func number(_ name: StaticString, _ value: Double?) {
    key(name)
    number(value)
  }

  /// Writes a member whose value is a vector (two numbers), or `null`.
  mutating func vector(_ name: StaticString, _ value: Vector2D?) {
    key(name)
    vector(value)
  }

  /// Writes a member whose value is already JSON text (a time, `true`).
  mutating func literal(_ name: StaticString, _ value: String) {
    key(name)
    literal(value)
  }

  /// Writes a member whose value is an object.
  mutating func object(
    _ name: StaticString, breaksLines: Bool = false, _ body: (inout JSONText) -> Void
  ) {
    key(name)
    object(breaksLines: breaksLines, body)
  }

  /// Writes a member whose value is an array.
  mutating func array(
    _ name: StaticString, breaksLines: Bool = false, _ body: (inout JSONText) -> Void
  ) {
    key(name)
    array(breaksLines: breaksLines, body)
  }
}
