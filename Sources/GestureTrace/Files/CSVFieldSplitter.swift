/// Splits one CSV line into fields, following RFC 4180 quoting.
///
/// A quoted field may hold commas and doubled quotes (`""`), not line
/// breaks. Fields are kept as byte ranges of the line, so splitting a row
/// allocates nothing once the splitter has grown to the row's width.
struct CSVFieldSplitter {
  private var starts: [Int] = []
  private var ends: [Int] = []
  private var quoted: [Bool] = []
  private var scratch: [UInt8] = []

  /// The number of fields of the last split line.
  private(set) var count = 0

  /// Splits a line; returns a problem (column, message) for bad quoting.
  mutating func split(_ bytes: UnsafeBufferPointer<UInt8>) -> (column: Int, message: String)? {
    count = 0
    var index = 0
    let length = bytes.count
    while true {
      if index < length && bytes[index] == UInt8(ascii: "\"") {
        let opening = index
        index += 1
        var isClosed = false
        while index < length {
          if bytes[index] == UInt8(ascii: "\"") {
            if index + 1 < length && bytes[index + 1] == UInt8(ascii: "\"") {
              index += 2
              continue
            }
            isClosed = true
            break
          }
          index += 1
        }
        guard isClosed else {
          return (
            opening + 1, "expected a closing '\"' for the quoted field, found the end of the line"
          )
        }
        append(start: opening + 1, end: index, quoted: true)
        index += 1
        if index < length && bytes[index] != UInt8(ascii: ",") {
          return (
            index + 1, "expected ',' after a quoted field, found '\(scalar(at: index, in: bytes))'"
          )
        }
      } else {
        let start = index
        while index < length && bytes[index] != UInt8(ascii: ",") { index += 1 }
        append(start: start, end: index, quoted: false)
      }
      if index >= length { return nil }
      index += 1  // the comma
      if index == length {
        append(start: index, end: index, quoted: false)
        return nil
      }
    }
  }

  /// The character that starts at `index`, read as UTF-8 (U+FFFD when the
  /// bytes there are not), so a message quotes `é`, not its first byte.
  private func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
    var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return "\u{FFFD}" }
    return scalar
  }

  private mutating func append(start: Int, end: Int, quoted isQuoted: Bool) {
    if count < starts.count {
      starts[count] = start
      ends[count] = end
      quoted[count] = isQuoted
    } else {
      starts.append(start)
      ends.append(end)
      quoted.append(isQuoted)
    }
    count += 1
  }

  /// The 0-based byte offset where a field's text starts (after a quote).
  func start(_ field: Int) -> Int {
    field < count ? starts[field] : 0
  }

  /// Calls `body` with a field's bytes, quotes removed and `""` undoubled.
  mutating func withField<T>(
    _ field: Int, in bytes: UnsafeBufferPointer<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>) -> T
  ) -> T {
    let range = starts[field]..<ends[field]
    if !quoted[field] {
      return body(UnsafeBufferPointer(rebasing: bytes[range]))
    }
    scratch.removeAll(keepingCapacity: true)
    var index = range.lowerBound
    while index < range.upperBound {
      scratch.append(bytes[index])
      index += bytes[index] == UInt8(ascii: "\"") ? 2 : 1
    }
    return scratch.withUnsafeBufferPointer(body)
  }

  /// A field's text.
  mutating func string(_ field: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard field < count else { return "" }
    return withField(field, in: bytes) { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether a field's text equals the given bytes.
  mutating func equals(
    _ field: Int, in bytes: UnsafeBufferPointer<UInt8>, to other: [UInt8]
  ) -> Bool {
    withField(field, in: bytes) { $0.elementsEqual(other) }
  }

  /// The outcome of reading a number field.
  enum Number {
    case value(Double)
    case empty
    case invalid
  }

  /// Reads a field as a finite number; surrounding spaces are ignored.
  mutating func number(_ field: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Number {
    withField(field, in: bytes) { raw in
      var lower = 0
      var upper = raw.count
      while lower < upper && raw[lower] == 0x20 { lower += 1 }
      while upper > lower && raw[upper - 1] == 0x20 { upper -= 1 }
      if lower == upper { return .empty }
      let text = UnsafeBufferPointer(rebasing: raw[lower..<upper])
      guard let literal = DecimalLiteral(text) else { return .invalid }
      let value = literal.double(text)
      return value.isFinite ? .value(value) : .invalid
    }
  }
}
