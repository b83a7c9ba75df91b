/// One value per category of the library pager, in fields.
// NB: two arrays made the pager allocate and copy them for every trace, and
// check their uniqueness on every drag event.
struct PerCategory<Value: Sendable>: Sendable {
  private var first: Value
  private var second: Value

  /// Both categories' values `value`.
  init(_ value: Value) {
    first = value
    second = value
  }

  /// The value of category `index`: 0, else 1.
  subscript(index: Int) -> Value {
    get { index == 0 ? first : second }
    set {
      if index == 0 { first = newValue } else { second = newValue }
    }
  }
}
