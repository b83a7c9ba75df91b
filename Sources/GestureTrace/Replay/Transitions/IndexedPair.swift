/// Two values addressed by index, 0 or 1, kept in fields: the library
/// pager's two categories, the lyrics swap's two cards.
// NB: two-element arrays made the transitions allocate and copy them for
// every trace (they start shared with the plan's transition at rest) and
// check their uniqueness on every drag event.
struct IndexedPair<Value: Sendable>: Sendable {
  private var first: Value
  private var second: Value

  /// A pair of `first` (index 0) and `second` (index 1).
  init(_ first: Value, _ second: Value) {
    self.first = first
    self.second = second
  }

  /// Both values `value`.
  init(repeating value: Value) {
    self.init(value, value)
  }

  /// The value at `index`: the first at 0, else the second.
  subscript(index: Int) -> Value {
    get { index == 0 ? first : second }
    set {
      if index == 0 { first = newValue } else { second = newValue }
    }
  }

  /// The values, first then second.
  var elements: [Value] { [first, second] }
}

extension IndexedPair: Equatable where Value: Equatable {}
extension IndexedPair: Hashable where Value: Hashable {}
