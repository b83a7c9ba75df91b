import GestureTrace

/// JSON text written as it goes into one buffer: objects and arrays with
/// their separators, keys, strings escaped as ``jsonString(_:)`` escapes
/// them, and numbers as ``AnalysisJSONReport`` writes them (`null` when
/// missing or not finite).
///
/// A container that breaks lines separates its values with `",\n"`; an
/// array that does puts its items on lines of their own (`[\n` … `\n]`,
/// and `[]` when empty), an object its members one per line after `{`.
// NB: append UTF-8 bytes to an array and make the string once at the end:
// a report appends a hundred thousand keys, numbers and strings, and an
// append to a `String` costs far more than one to the array
// (docs/performance.md, "Notes moved from the code").
struct JSONText {
  private var bytes: [UInt8] = []
  /// Whether the innermost container separates with `",\n"`.
  private var breaksLines = false
  /// Whether the innermost container has no value yet.
  private var isFirst = true
  /// Whether the innermost container is an array.
  private var isArray = false
  /// Whether a key was just written, so that the value needs no separator.
  private var afterKey = false

  init() {
    bytes.reserveCapacity(1 << 16)
  }

  /// The text so far.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Writes an object, its members written by `body` (keys and values).
  mutating func object(breaksLines: Bool = false, _ body: (inout JSONText) -> Void) {
    beginValue()
    bytes.append(UInt8(ascii: "{"))
    let saved = enter(breaksLines: breaksLines, isArray: false)
    body(&self)
    leave(saved)
    bytes.append(UInt8(ascii: "}"))
  }

  /// Writes an array, its items written by `body`.
  mutating func array(breaksLines: Bool = false, _ body: (inout JSONText) -> Void) {
    beginValue()
    bytes.append(UInt8(ascii: "["))
    let saved = enter(breaksLines: breaksLines, isArray: true)
    body(&self)
    if breaksLines && !isFirst { bytes.append(UInt8(ascii: "\n")) }
    leave(saved)
    bytes.append(UInt8(ascii: "]"))
  }

  /// Writes a member's key; the next value written is the member's value.
  // NB: keys are this report's own literals, none with a character to
  // escape.
  mutating func key(_ name: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    afterKey = true
  }

  /// Writes a string, or `null`.
  mutating func string(_ value: String?) {
    beginValue()
    guard var value else {
      append("null")
      return
    }
    // NB: the common string (an id, a name, a reason) has nothing to
    // escape and is copied as is; anything else goes the general way.
    let plain = value.withUTF8 { utf8 in
      for byte in utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
      bytes.append(UInt8(ascii: "\""))
      bytes.append(contentsOf: utf8)
      bytes.append(UInt8(ascii: "\""))
      return true
    }
    if !plain { append(jsonString(value)) }
  }

  /// Writes a whole number.
  mutating func integer(_ value: Int) {
    beginValue()
    append(String(value))
  }

  /// Writes a number in its shortest form, or `null` when missing or not
  /// finite.
  mutating func number(_ value: Double?) {
    beginValue()
    guard let value, value.isFinite else {
      append("null")
      return
    }
    append(value.reportText)
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
    append(value)
  }

  /// Ends the current line (after the outermost value).
  mutating func newline() {
    bytes.append(UInt8(ascii: "\n"))
  }

  private mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
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
      if isArray && breaksLines { bytes.append(UInt8(ascii: "\n")) }
    } else {
      bytes.append(UInt8(ascii: ","))
      if breaksLines { bytes.append(UInt8(ascii: "\n")) }
    }
  }

  private mutating func enter(breaksLines: Bool, isArray: Bool) -> (Bool, Bool, Bool) {
    let saved = (self.breaksLines, isFirst, self.isArray)
    self.breaksLines = breaksLines
    self.isArray = isArray
    isFirst = true
    return saved
  }

  private mutating func leave(_ saved: (Bool, Bool, Bool)) {
    (breaksLines, isFirst, isArray) = saved
  }
}
