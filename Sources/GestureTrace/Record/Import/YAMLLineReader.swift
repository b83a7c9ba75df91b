/// Reads the small subset of YAML that `libinput record` writes, one line
/// at a time, and reports each value with its path of keys.
///
/// It understands indentation, block mappings (`key: value`, `key:`), block
/// sequences (`- item`, also at the same indentation as their key), flow
/// lists kept as text (`[1, 2, 3]`), quoted scalars and `#` comments. A
/// sequence item appears in a path as `-`: the name of the first device is
/// at `devices`, `-`, `evdev`, `name`. Nothing else of YAML is supported.
struct YAMLLineReader {
  /// What one line holds.
  enum Entry {
    /// A new sequence item or block mapping starts at this path.
    case open(path: [String])
    /// A scalar or flow value at this path, with its byte column from 1.
    case value(path: [String], text: ArraySlice<UInt8>, column: Int)
    /// A problem at a byte column.
    case problem(String, column: Int)
  }

  /// The deepest nesting followed; deeper lines are reported and skipped.
  static let maximumDepth = 32

  private struct Level {
    var indent: Int
    var key: String
    var isItem: Bool
  }

  private var stack: [Level] = []

  /// Creates a reader at the top level.
  init() {}

  /// Reads one line, handing over what it holds.
  mutating func read(_ line: ArraySlice<UInt8>, into emit: (Entry) -> Void) {
    var indent = 0
    var index = line.startIndex
    while index < line.endIndex, line[index] == UInt8(ascii: " ") {
      indent += 1
      index += 1
    }
    guard index < line.endIndex, line[index] != UInt8(ascii: "#") else { return }
    if line[index] == UInt8(ascii: "\t") {
      emit(.problem("expected spaces for indentation, found a tab", column: indent + 1))
      return
    }
    let content = YAMLLineReader.strippingComment(line[index...])
    readContent(content, indent: indent, line: line, into: emit)
  }

  private mutating func readContent(
    _ content: ArraySlice<UInt8>, indent: Int, line: ArraySlice<UInt8>,
    into emit: (Entry) -> Void
  ) {
    let column = content.startIndex - line.startIndex + 1
    if content.first == UInt8(ascii: "-"),
      content.count == 1 || content[content.startIndex + 1] == UInt8(ascii: " ")
    {
      while let top = stack.last, top.indent > indent || (top.indent == indent && top.isItem) {
        stack.removeLast()
      }
      guard push(Level(indent: indent, key: "-", isItem: true), column: column, into: emit)
      else { return }
      var rest = content.dropFirst()
      var innerIndent = indent + 1
      while rest.first == UInt8(ascii: " ") {
        rest = rest.dropFirst()
        innerIndent += 1
      }
      if !rest.isEmpty { readContent(rest, indent: innerIndent, line: line, into: emit) }
      return
    }
    while let top = stack.last, top.indent >= indent { stack.removeLast() }
    if let colon = YAMLLineReader.keyColon(content) {
      let key = String(decoding: content[..<colon], as: UTF8.self)
      let value = content[(colon + 1)...].drop { $0 == UInt8(ascii: " ") }
      if value.isEmpty {
        _ = push(Level(indent: indent, key: key, isItem: false), column: column, into: emit)
      } else {
        let valueColumn = value.startIndex - line.startIndex + 1
        emit(.value(path: path + [key], text: value, column: valueColumn))
      }
    } else {
      emit(.value(path: path, text: content, column: column))
    }
  }

  private mutating func push(
    _ level: Level, column: Int, into emit: (Entry) -> Void
  ) -> Bool {
    guard stack.count < YAMLLineReader.maximumDepth else {
      emit(
        .problem(
          "expected at most \(YAMLLineReader.maximumDepth) levels of nesting, found more",
          column: column))
      return false
    }
    stack.append(level)
    emit(.open(path: path))
    return true
  }

  private var path: [String] { stack.map(\.key) }

  /// The index of the colon that ends a plain key (`key:` or `key: …`).
  static func keyColon(_ content: ArraySlice<UInt8>) -> Int? {
    guard let first = content.first,
      ![UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "["), UInt8(ascii: "{")]
        .contains(first)
    else { return nil }
    var index = content.startIndex
    while index < content.endIndex {
      if content[index] == UInt8(ascii: ":") {
        let next = index + 1
        if next == content.endIndex || content[next] == UInt8(ascii: " ") {
          return index > content.startIndex ? index : nil
        }
      }
      index += 1
    }
    return nil
  }

  /// The content without a trailing ` # comment` or spaces, keeping `#`
  /// inside quotes.
  static func strippingComment(_ content: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var quote: UInt8?
    var end = content.endIndex
    var index = content.startIndex
    while index < content.endIndex {
      let byte = content[index]
      if let open = quote {
        if byte == UInt8(ascii: "\\"), open == UInt8(ascii: "\"") {
          index += 1
        } else if byte == open {
          quote = nil
        }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "#"),
        index == content.startIndex || ImportScanning.isBlank(content[index - 1])
      {
        end = index
        break
      }
      index += 1
    }
    var result = content[..<end]
    while let last = result.last, ImportScanning.isBlank(last) { result = result.dropLast() }
    return result
  }

  /// The text of a scalar: without quotes, with `\"` and `\\` unescaped.
  static func scalar(_ text: ArraySlice<UInt8>) -> String {
    guard text.count >= 2, let first = text.first, first == text.last,
      first == UInt8(ascii: "\"") || first == UInt8(ascii: "'")
    else { return String(decoding: text, as: UTF8.self) }
    var bytes: [UInt8] = []
    var index = text.startIndex + 1
    while index < text.endIndex - 1 {
      if first == UInt8(ascii: "\""), text[index] == UInt8(ascii: "\\"),
        index + 1 < text.endIndex - 1
      {
        index += 1
      }
      bytes.append(text[index])
      index += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The items of a flow list `[a, b, c]` as trimmed byte ranges, or `nil`
  /// when the text is not one flat list.
  static func flowList(_ text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>]? {
    guard text.first == UInt8(ascii: "["), text.last == UInt8(ascii: "]"), text.count >= 2
    else { return nil }
    let inner = text.dropFirst().dropLast()
    guard !inner.contains(UInt8(ascii: "[")), !inner.contains(UInt8(ascii: "]")) else {
      return nil
    }
    if inner.allSatisfy(ImportScanning.isBlank) { return [] }
    return inner.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
      var item = $0.drop(while: ImportScanning.isBlank)
      while let last = item.last, ImportScanning.isBlank(last) { item = item.dropLast() }
      return item
    }
  }
}
