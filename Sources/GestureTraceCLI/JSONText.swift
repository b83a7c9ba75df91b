import GestureTrace

/// JSON text written as it goes into one string: objects and arrays with
/// their separators, keys, strings escaped as ``jsonString(_:)`` escapes
/// them, and numbers as ``AnalysisJSONReport`` writes them (`null` when
/// missing or not finite).
///
/// A container whose separator breaks the line (`",\n"`) writes an array's
/// items on lines of their own (`[\n` … `\n]`, and `[]` when empty) and an
/// object's members one per line after `{`.
struct JSONText {
  /// The text so far.
  private(set) var text = ""
  /// The separator of the innermost container.
  private var separator = ","
  /// Whether the innermost container has no value yet.
  private var isFirst = true
  /// Whether the innermost container is an array that writes its items
  /// on lines of their own.
  private var isBrokenArray = false
  /// Whether a key was just written, so that the value needs no separator.
  private var afterKey = false

  init() {
    text.reserveCapacity(1 << 16)
  }

  /// Writes an object, its members written by `body` (keys and values).
  mutating func object(separator: String = ",", _ body: (inout JSONText) -> Void) {
    beginValue()
    text += "{"
    let saved = enter(separator: separator, isArray: false)
    body(&self)
    leave(saved)
    text += "}"
  }

  /// Writes an array, its items written by `body`.
  mutating func array(separator: String = ",", _ body: (inout JSONText) -> Void) {
    beginValue()
    text += "["
    let saved = enter(separator: separator, isArray: true)
    body(&self)
    if isBrokenArray && !isFirst { text += "\n" }
    leave(saved)
    text += "]"
  }

  /// Writes a member's key; the next value written is the member's value.
  // NB: keys are this report's own literals, none with a character to
  // escape.
  mutating func key(_ name: String) {
    separate()
    text += "\""
    text += name
    text += "\":"
    afterKey = true
  }

  /// Writes a string, or `null`.
  mutating func string(_ value: String?) {
    beginValue()
    guard let value else {
      text += "null"
      return
    }
    // NB: the common string (an id, a name, a reason) has nothing to
    // escape and is appended as is; anything else goes the general way.
    let plain =
      value.utf8.withContiguousStorageIfAvailable { bytes in
        for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
        return true
      } ?? false
    if plain {
      text += "\""
      text += value
      text += "\""
    } else {
      JSONLinesEncoder.appendString(value, to: &text)
    }
  }

  /// Writes a whole number.
  mutating func integer(_ value: Int) {
    beginValue()
    text += String(value)
  }

  /// Writes a number in its shortest form, or `null` when missing or not
  /// finite.
  mutating func number(_ value: Double?) {
    beginValue()
    guard let value, value.isFinite else {
      text += "null"
      return
    }
    text += value.shortText
  }

  /// Writes a vector as an array of two numbers, or `null`.
  mutating func vector(_ value: Vector2D?) {
    guard let value else {
      string(nil)
      return
    }
    array { json in
      json.number(value.x)
      json.number(value.y)
    }
  }

  /// Writes text that is already a JSON value (a time, `null`).
  mutating func literal(_ value: String) {
    beginValue()
    text += value
  }

  /// Ends the current line (after the outermost value).
  mutating func newline() {
    text += "\n"
  }

  private mutating func beginValue() {
    if afterKey {
      afterKey = false
    } else {
      separate()
    }
  }

  private mutating func separate() {
    if isFirst {
      isFirst = false
      if isBrokenArray { text += "\n" }
    } else {
      text += separator
    }
  }

  private mutating func enter(
    separator: String, isArray: Bool
  ) -> (separator: String, isFirst: Bool, isBrokenArray: Bool) {
    let saved = (self.separator, isFirst, isBrokenArray)
    self.separator = separator
    isFirst = true
    isBrokenArray = isArray && separator.contains("\n")
    return saved
  }

  private mutating func leave(_ saved: (separator: String, isFirst: Bool, isBrokenArray: Bool)) {
    (separator, isFirst, isBrokenArray) = saved
  }
}
