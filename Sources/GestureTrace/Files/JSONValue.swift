/// A JSON value read from one line, with the bytes it came from.
///
/// Numbers keep only their place in the line: their literal is converted
/// later, exactly, by ``DecimalLiteral``.
struct JSONValue: Sendable, Hashable {
  /// What kind of value it is, with its contents.
  enum Kind: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; its literal is the bytes of ``JSONValue/range``.
    case number
    /// A string, with its escapes decoded.
    case string(String)
    /// An array of values.
    case array([JSONValue])
    /// An object's members in the order written; keys may repeat.
    case object([Member])
  }

  /// One `"key": value` pair of an object.
  struct Member: Sendable, Hashable {
    /// The key, with its escapes decoded.
    var key: String
    /// The byte offset of the key's opening quote in the line.
    var keyOffset: Int
    /// The value.
    var value: JSONValue
  }

  /// What kind of value it is, with its contents.
  var kind: Kind
  /// The byte offsets of the value's text in the line.
  var range: Range<Int>

  /// The byte offset where the value starts in the line.
  var offset: Int { range.lowerBound }
}
