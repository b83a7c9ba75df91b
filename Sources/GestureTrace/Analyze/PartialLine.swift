/// One parsed line of a partial summary (``PartialFormat``), with
/// accessors that say where a value is wrong.
///
/// Numbers are read exactly: integers as written, doubles from their
/// shortest round-trip text, and doubles that are not finite from their
/// bit pattern written as a string (`"0x7ff8000000000000"`).
struct PartialLine {
  /// The line's bytes, without its line break.
  let bytes: [UInt8]
  /// The line's number, from 1.
  let number: Int
  /// The top-level object.
  let object: JSONValue

  /// Parses a line that must hold one object.
  init(_ bytes: [UInt8], number: Int) throws(PartialProblem) {
    self.bytes = bytes
    self.number = number
    do throws(JSONProblem) {
      object = try bytes.withUnsafeBufferPointer { buffer throws(JSONProblem) in
        var parser = JSONParser(buffer)
        parser.objectName = "object"
        return try parser.parseObjectLine()
      }
    } catch {
      throw PartialProblem(line: number, column: error.offset + 1, message: error.message)
    }
  }

  /// A problem at a value.
  func problem(at value: JSONValue, _ message: String) -> PartialProblem {
    PartialProblem(line: number, column: value.offset + 1, message: message)
  }

  /// The value of the top-level object's member `key`.
  func member(_ key: String) throws(PartialProblem) -> JSONValue {
    try member(key, of: object)
  }

  /// The value of an object's member `key`.
  func member(_ key: String, of value: JSONValue) throws(PartialProblem) -> JSONValue {
    guard case .object(let members) = value.kind else {
      throw problem(at: value, "expected an object, found \(found(value))")
    }
    guard let member = members.first(where: { $0.key == key }) else {
      throw problem(at: value, "expected a member '\(key)' in the object, found none")
    }
    return member.value
  }

  /// Whether the top-level object has a member `key`.
  func has(_ key: String) -> Bool {
    guard case .object(let members) = object.kind else { return false }
    return members.contains { $0.key == key }
  }

  /// The elements of an array, which must have `count` of them when given.
  func array(_ value: JSONValue, count: Int? = nil) throws(PartialProblem) -> [JSONValue] {
    guard case .array(let elements) = value.kind else {
      throw problem(at: value, "expected an array, found \(found(value))")
    }
    if let count, elements.count != count {
      throw problem(
        at: value, "expected an array of \(count) elements, found \(elements.count)")
    }
    return elements
  }

  /// A string.
  func string(_ value: JSONValue) throws(PartialProblem) -> String {
    guard case .string(let text) = value.kind else {
      throw problem(at: value, "expected a string, found \(found(value))")
    }
    return text
  }

  /// A string or `null`.
  func optionalString(_ value: JSONValue) throws(PartialProblem) -> String? {
    if case .null = value.kind { return nil }
    return try string(value)
  }

  /// A whole number in `range`.
  func integer(
    _ value: JSONValue, in range: ClosedRange<Int> = 0...PartialLine.countLimit
  ) throws(PartialProblem) -> Int {
    guard case .number = value.kind, let number = Int(text(value)), range.contains(number)
    else {
      throw problem(
        at: value,
        "expected a whole number from \(range.lowerBound) to \(range.upperBound), "
          + "found \(found(value))")
    }
    return number
  }

  /// A 64-bit mask, written as a whole number.
  func mask(_ value: JSONValue) throws(PartialProblem) -> UInt64 {
    guard case .number = value.kind, let number = UInt64(text(value)) else {
      throw problem(at: value, "expected a 64-bit mask, found \(found(value))")
    }
    return number
  }

  /// A double: a number, or a string of its bit pattern.
  func double(_ value: JSONValue) throws(PartialProblem) -> Double {
    switch value.kind {
    case .number:
      if let number = Double(text(value)) { return number }
    case .string(let text):
      if text.hasPrefix("0x"), let bits = UInt64(text.dropFirst(2), radix: 16) {
        return Double(bitPattern: bits)
      }
    default: break
    }
    throw problem(at: value, "expected a number, found \(found(value))")
  }

  /// A double or `null`.
  func optionalDouble(_ value: JSONValue) throws(PartialProblem) -> Double? {
    if case .null = value.kind { return nil }
    return try double(value)
  }

  /// A finite double: where the writer only ever writes a finite number
  /// (a threshold, a peak, a feature), a bit pattern of NaN or an infinity
  /// is refused rather than carried into every report.
  func finite(_ value: JSONValue) throws(PartialProblem) -> Double {
    let number = try double(value)
    guard number.isFinite else {
      throw problem(at: value, "expected a finite number, found \(found(value))")
    }
    return number
  }

  /// A finite double or `null`.
  func optionalFinite(_ value: JSONValue) throws(PartialProblem) -> Double? {
    if case .null = value.kind { return nil }
    return try finite(value)
  }

  /// Throws `message` at `value` unless `condition` holds.
  func check(
    _ condition: Bool, at value: JSONValue, _ message: @autoclosure () -> String
  ) throws(PartialProblem) {
    guard condition else { throw problem(at: value, message()) }
  }

  /// An outcome: `complete`, `cancel`, a page number or a stop's name.
  func outcome(_ value: JSONValue) throws(PartialProblem) -> TransitionOutcome {
    guard case .string(let text) = value.kind, let outcome = TransitionOutcome(text) else {
      throw problem(
        at: value,
        "expected 'complete', 'cancel', a page number or a stop's name, found \(found(value))")
    }
    return outcome
  }

  /// The value's text in the line.
  private func text(_ value: JSONValue) -> String {
    String(decoding: bytes[value.range], as: UTF8.self)
  }

  /// The value as a message shows it: quoted, or the kind of container.
  func quoted(_ value: JSONValue) -> String { found(value) }

  /// The value as a message shows it.
  private func found(_ value: JSONValue) -> String {
    switch value.kind {
    case .object: return "an object"
    case .array: return "an array"
    default: return JSONProblem.quoted(text(value))
    }
  }

  /// The largest count a partial may hold: far more traces than any
  /// input, and small enough that sums of counts cannot overflow.
  ///
  /// The traces and the traces left out of one partial, and of a merge of
  /// partials, add up to at most this; every other count is bounded by
  /// what it counts (traces meant for a transition, labelled traces, …),
  /// so that no sum of counts of merged partials overflows.
  package static let countLimit = 1 << 48
}

/// Appends JSON for a partial summary.
enum PartialText {
  /// Appends a double exactly: its shortest round-trip text when finite,
  /// else its bit pattern as a string.
  static func append(_ value: Double, to output: inout String) {
    if value.isFinite {
      output += value.description
    } else {
      output += "\"0x" + String(value.bitPattern, radix: 16) + "\""
    }
  }

  /// Appends a double or `null`.
  static func append(_ value: Double?, to output: inout String) {
    if let value { append(value, to: &output) } else { output += "null" }
  }

  /// Appends a string.
  static func append(_ text: String, to output: inout String) {
    JSONLinesEncoder.appendString(text, to: &output)
  }

  /// Appends a string or `null`.
  static func append(_ text: String?, to output: inout String) {
    if let text { append(text, to: &output) } else { output += "null" }
  }

  /// Appends an array of whole numbers.
  static func append(_ numbers: [Int], to output: inout String) {
    output += "["
    for (index, number) in numbers.enumerated() {
      if index > 0 { output += "," }
      output += String(number)
    }
    output += "]"
  }

  /// Appends an array of strings.
  static func append(_ texts: [String], to output: inout String) {
    output += "["
    for (index, text) in texts.enumerated() {
      if index > 0 { output += "," }
      append(text, to: &output)
    }
    output += "]"
  }
}
