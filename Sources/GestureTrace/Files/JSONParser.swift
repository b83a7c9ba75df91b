/// A strict RFC 8259 parser for one line of JSON Lines text.
///
/// It accepts exactly one object with optional white space around it, and
/// rejects everything RFC 8259 does not allow: trailing commas, single
/// quotes, raw control characters in strings, leading zeros, `NaN`, invalid
/// UTF-8, unpaired surrogate escapes. Nesting is limited to
/// ``maximumDepth`` levels, so no input can exhaust the stack.
struct JSONParser {
  /// The deepest nesting of objects and arrays accepted.
  static let maximumDepth = 64

  /// What messages call the top-level object.
  var objectName = "trace object"
  /// What messages call the end of the text.
  var endName = "the end of the line"

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0
  /// The top-level object's `id` string, once read, so that a problem
  /// found later in the line can name its trace.
  private(set) var topLevelID: String?

  /// Creates a parser for the bytes of one line, without its line break.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Parses a line that holds exactly one object.
  mutating func parseObjectLine() throws(JSONProblem) -> JSONValue {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
      throw problem(expected: "expected '{' to start a \(objectName)")
    }
    let value = try parseObject()
    skipWhitespace()
    guard index == bytes.count else {
      throw problem(expected: "expected \(endName) after the \(objectName)")
    }
    return value
  }

  // MARK: - Values

  private mutating func parseValue(expected: String) throws(JSONProblem) -> JSONValue {
    guard index < bytes.count else { throw problem(expected: expected) }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "{"):
      return try parseObject()
    case UInt8(ascii: "["):
      return try parseArray()
    case UInt8(ascii: "\""):
      let text = try parseString()
      return JSONValue(kind: .string(text), range: start..<index)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let end = tokenEnd(from: start)
      guard isNumber(start..<end) else {
        throw JSONProblem(
          offset: start, message: "expected a number, found \(quotedBytes(start..<end))")
      }
      index = end
      return JSONValue(kind: .number, range: start..<end)
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
      let end = tokenEnd(from: start)
      let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      let kind: JSONValue.Kind
      switch word {
      case "true": kind = .bool(true)
      case "false": kind = .bool(false)
      case "null": kind = .null
      default:
        throw JSONProblem(
          offset: start, message: "expected a value, found \(JSONProblem.quoted(word))")
      }
      index = end
      return JSONValue(kind: kind, range: start..<end)
    default:
      throw problem(expected: expected)
    }
  }

  private mutating func parseObject() throws(JSONProblem) -> JSONValue {
    let start = index
    try enterContainer()
    index += 1
    skipWhitespace()
    var members: [JSONValue.Member] = []
    if peek() == UInt8(ascii: "}") {
      index += 1
    } else {
      while true {
        guard peek() == UInt8(ascii: "\"") else {
          throw problem(
            expected: members.isEmpty
              ? "expected a string key or '}' in an object"
              : "expected a string key after ',' in an object")
        }
        let keyOffset = index
        let key = try parseString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
          throw problem(expected: "expected ':' after an object key")
        }
        index += 1
        skipWhitespace()
        let value = try parseValue(expected: "expected a value after ':'")
        if depth == 1, topLevelID == nil, key == "id", case .string(let id) = value.kind {
          topLevelID = id
        }
        members.append(JSONValue.Member(key: key, keyOffset: keyOffset, value: value))
        skipWhitespace()
        if peek() == UInt8(ascii: ",") {
          index += 1
          skipWhitespace()
        } else if peek() == UInt8(ascii: "}") {
          index += 1
          break
        } else {
          throw problem(expected: "expected ',' or '}' after an object member")
        }
      }
    }
    depth -= 1
    return JSONValue(kind: .object(members), range: start..<index)
  }

  private mutating func parseArray() throws(JSONProblem) -> JSONValue {
    let start = index
    try enterContainer()
    index += 1
    skipWhitespace()
    var elements: [JSONValue] = []
    if peek() == UInt8(ascii: "]") {
      index += 1
    } else {
      while true {
        elements.append(
          try parseValue(
            expected: elements.isEmpty
              ? "expected a value or ']'" : "expected a value after ',' in an array"))
        skipWhitespace()
        if peek() == UInt8(ascii: ",") {
          index += 1
          skipWhitespace()
        } else if peek() == UInt8(ascii: "]") {
          index += 1
          break
        } else {
          throw problem(expected: "expected ',' or ']' after an array element")
        }
      }
    }
    depth -= 1
    return JSONValue(kind: .array(elements), range: start..<index)
  }

  private mutating func enterContainer() throws(JSONProblem) {
    depth += 1
    guard depth <= JSONParser.maximumDepth else {
      throw JSONProblem(
        offset: index,
        message: "expected at most \(JSONParser.maximumDepth) levels of nesting, found \(depth)")
    }
  }

  // MARK: - Strings

  /// Parses a string at the opening quote, validating its UTF-8.
  private mutating func parseString() throws(JSONProblem) -> String {
    let start = index
    index += 1
    // NB: most strings have no escape; they are decoded straight from the
    // line. Otherwise the unescaped runs and decoded escapes are gathered here.
    var unescaped: [UInt8] = []
    var hasEscapes = false
    var runStart = index
    while true {
      guard index < bytes.count else {
        throw JSONProblem(
          offset: start, message: "expected '\"' to end the string, found \(endName)")
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        break
      } else if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        unescaped.append(contentsOf: bytes[runStart..<index])
        try parseEscape(into: &unescaped)
        runStart = index
      } else if byte < 0x20 {
        throw JSONProblem(
          offset: index,
          message: "expected a control character to be escaped in a string, found "
            + JSONProblem.codePoint(UInt32(byte)))
      } else if byte < 0x80 {
        index += 1
      } else {
        let (length, isValid) = utf8Sequence(at: index)
        guard isValid else { throw invalidUTF8(at: index, length: length) }
        index += length
      }
    }
    let end = index
    index += 1
    if hasEscapes {
      unescaped.append(contentsOf: bytes[runStart..<end])
      return String(decoding: unescaped, as: UTF8.self)
    }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
  }

  /// Parses an escape at its backslash, appending the UTF-8 it stands for.
  private mutating func parseEscape(into output: inout [UInt8]) throws(JSONProblem) {
    let start = index
    index += 1
    guard index < bytes.count else {
      throw problem(expected: "expected an escape character after '\\'")
    }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
    case UInt8(ascii: "b"): output.append(0x08)
    case UInt8(ascii: "f"): output.append(0x0C)
    case UInt8(ascii: "n"): output.append(0x0A)
    case UInt8(ascii: "r"): output.append(0x0D)
    case UInt8(ascii: "t"): output.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try parseHexDigits(escapeStart: start)
      var scalarValue = UInt32(unit)
      if unit >= 0xDC00 && unit <= 0xDFFF {
        throw unpairedSurrogate(from: start)
      } else if unit >= 0xD800 && unit <= 0xDBFF {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw unpairedSurrogate(from: start) }
        let lowStart = index
        index += 2
        let low = try parseHexDigits(escapeStart: lowStart)
        guard low >= 0xDC00 && low <= 0xDFFF else { throw unpairedSurrogate(from: start) }
        scalarValue = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(scalarValue) else { throw unpairedSurrogate(from: start) }
      UTF8.encode(scalar) { output.append($0) }
    default:
      index -= 1
      if byte >= 0x80, case (let length, false) = utf8Sequence(at: index) {
        throw invalidUTF8(at: index, length: length)
      }
      let found =
        byte >= 0x20 && byte < 0x7F
        ? JSONProblem.quoted("\\" + String(Unicode.Scalar(byte))) : foundCharacter(at: index)
      throw JSONProblem(
        offset: start,
        message: "expected an escape ('\\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t'"
          + " or '\\uXXXX'), found \(found)")
    }
  }

  /// Reads the 4 hex digits after `\u`.
  private mutating func parseHexDigits(escapeStart: Int) throws(JSONProblem) -> UInt16 {
    var value: UInt16 = 0
    for offset in 0..<4 {
      guard index + offset < bytes.count, let digit = hexValue(bytes[index + offset]) else {
        let end = min(bytes.count, escapeStart + 6)
        throw JSONProblem(
          offset: escapeStart,
          message: "expected 4 hex digits after '\\u', found \(quotedBytes(escapeStart..<end))")
      }
      value = value << 4 | UInt16(digit)
    }
    index += 4
    return value
  }

  private func unpairedSurrogate(from start: Int) -> JSONProblem {
    JSONProblem(
      offset: start,
      message: "expected a surrogate pair of escapes, found \(quotedBytes(start..<index))")
  }

  private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  // MARK: - UTF-8

  /// The length of the UTF-8 sequence at `start` and whether it is valid;
  /// when it is not, the length covers the bytes up to the first bad one.
  private func utf8Sequence(at start: Int) -> (length: Int, isValid: Bool) {
    // NB: the well-formed sequences of the Unicode Standard, table 3-7: no
    // overlong forms, no encoded surrogates, nothing above U+10FFFF.
    var continuations: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch bytes[start] {
    case 0x00...0x7F: return (1, true)
    case 0xC2...0xDF: continuations = 1
    case 0xE0:
      continuations = 2
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: continuations = 2
    case 0xED:
      continuations = 2
      high = 0x9F
    case 0xF0:
      continuations = 3
      low = 0x90
    case 0xF1...0xF3: continuations = 3
    case 0xF4:
      continuations = 3
      high = 0x8F
    default: return (1, false)
    }
    var next = start + 1
    while continuations > 0 {
      guard next < bytes.count else { return (next - start, false) }
      guard bytes[next] >= low, bytes[next] <= high else { return (next - start + 1, false) }
      low = 0x80
      high = 0xBF
      next += 1
      continuations -= 1
    }
    return (next - start, true)
  }

  private func invalidUTF8(at start: Int, length: Int) -> JSONProblem {
    let end = min(bytes.count, start + length)
    let listed = bytes[start..<end].map(\.hexText)
    let noun = listed.count == 1 ? "byte" : "bytes"
    return JSONProblem(
      offset: start,
      message: "expected valid UTF-8, found \(noun) \(listed.joined(separator: " "))")
  }

  // MARK: - Tokens

  private func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// Whether a byte can be part of a word or number token, for messages.
  private func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "+"), UInt8(ascii: "-"),
      UInt8(ascii: "."), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }

  private func tokenEnd(from start: Int) -> Int {
    var end = start
    while end < bytes.count, isTokenByte(bytes[end]) { end += 1 }
    return end
  }

  /// Whether bytes are exactly an RFC 8259 number:
  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  private func isNumber(_ range: Range<Int>) -> Bool {
    var position = range.lowerBound
    let end = range.upperBound
    func isDigit(_ at: Int) -> Bool {
      at < end && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9")
    }
    func skipDigits() -> Bool {
      guard isDigit(position) else { return false }
      while isDigit(position) { position += 1 }
      return true
    }
    if position < end, bytes[position] == UInt8(ascii: "-") { position += 1 }
    if position < end, bytes[position] == UInt8(ascii: "0") {
      position += 1
    } else if !skipDigits() {
      return false
    }
    if position < end, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard skipDigits() else { return false }
    }
    if position < end, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")
    {
      position += 1
      if position < end,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard skipDigits() else { return false }
    }
    return position == end
  }

  // MARK: - Problems

  /// A problem at the current byte: `expected …, found <what is there>`.
  private func problem(expected: String) -> JSONProblem {
    if index < bytes.count, bytes[index] >= 0x80, case (let length, false) = utf8Sequence(at: index)
    {
      return invalidUTF8(at: index, length: length)
    }
    let found: String
    if index < bytes.count, isTokenByte(bytes[index]) {
      found = quotedBytes(index..<tokenEnd(from: index))
    } else {
      found = foundCharacter(at: index)
    }
    return JSONProblem(offset: index, message: "\(expected), found \(found)")
  }

  /// The character at an offset for a message: `'x'`, `U+0000` or
  /// `the end of the line`. The bytes there must be valid UTF-8.
  private func foundCharacter(at offset: Int) -> String {
    guard offset < bytes.count else { return endName }
    let byte = bytes[offset]
    if byte < 0x20 || byte == 0x7F { return JSONProblem.codePoint(UInt32(byte)) }
    return quotedBytes(offset..<(offset + utf8Sequence(at: offset).length))
  }

  private func quotedBytes(_ range: Range<Int>) -> String {
    JSONProblem.quoted(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
  }
}
