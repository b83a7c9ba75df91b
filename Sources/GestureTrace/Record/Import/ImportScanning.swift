/// Small byte-level scanners the device-log parsers share: tokens, integers
/// and `seconds.fraction` timestamps, all without Foundation.
enum ImportScanning {
  /// Whether a byte is a space or a tab.
  static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  /// Whether a byte is an ASCII digit.
  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// The value of a hexadecimal digit, or `nil`.
  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: return UInt32(byte - 0x30)
    case 0x41...0x46: return UInt32(byte - 0x41 + 10)
    case 0x61...0x66: return UInt32(byte - 0x61 + 10)
    default: return nil
    }
  }

  /// The blank-separated tokens of a line, as index ranges.
  static func tokens(_ line: ArraySlice<UInt8>) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var index = line.startIndex
    while index < line.endIndex {
      while index < line.endIndex, isBlank(line[index]) { index += 1 }
      let start = index
      while index < line.endIndex, !isBlank(line[index]) { index += 1 }
      if start < index { result.append(start..<index) }
    }
    return result
  }

  /// Parses 1 to 8 hexadecimal digits.
  static func hex(_ bytes: ArraySlice<UInt8>) -> UInt32? {
    guard !bytes.isEmpty, bytes.count <= 8 else { return nil }
    var value: UInt32 = 0
    for byte in bytes {
      guard let digit = hexValue(byte) else { return nil }
      value = value << 4 | digit
    }
    return value
  }

  /// Parses a decimal integer with an optional sign and at most 18 digits.
  static func decimal(_ bytes: ArraySlice<UInt8>) -> Int64? {
    var digits = bytes[...]
    var negative = false
    if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      negative = first == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 18 else { return nil }
    var value: Int64 = 0
    for byte in digits {
      guard isDigit(byte) else { return nil }
      value = value * 10 + Int64(byte - 0x30)
    }
    return negative ? -value : value
  }

  /// Parses a decimal integer that fits in 32 bits.
  static func int32(_ bytes: ArraySlice<UInt8>) -> Int32? {
    guard let value = decimal(bytes), let result = Int32(exactly: value) else { return nil }
    return result
  }

  /// The largest number of whole seconds a device-log time may have: the
  /// trace format's (``TraceTime/largestMagnitude``), so that the pans read
  /// from a log are valid traces.
  static let maximumSeconds: Int64 = 3_999_999_999

  /// Parses `seconds.fraction` (1 to 9 fraction digits) exactly into a
  /// time; `nil` for anything else or beyond ``maximumSeconds``.
  static func timestamp(_ bytes: ArraySlice<UInt8>) -> TraceTime? {
    guard let point = bytes.firstIndex(of: UInt8(ascii: ".")) else { return nil }
    let whole = bytes[bytes.startIndex..<point]
    let fraction = bytes[(point + 1)...]
    guard !whole.isEmpty, whole.count <= 10, !fraction.isEmpty, fraction.count <= 9,
      whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit)
    else { return nil }
    var seconds: Int64 = 0
    for byte in whole { seconds = seconds * 10 + Int64(byte - 0x30) }
    guard seconds <= maximumSeconds else { return nil }
    var nanoseconds: Int64 = 0
    for byte in fraction { nanoseconds = nanoseconds * 10 + Int64(byte - 0x30) }
    for _ in fraction.count..<9 { nanoseconds *= 10 }
    // NB: below 4 * 10^18 ns, so nothing overflows.
    return TraceTime(nanoseconds: seconds * 1_000_000_000 + nanoseconds)
  }

  /// The text of some bytes for a message: at most 40 characters, with
  /// control characters shown as `?`.
  static func quoted(_ bytes: ArraySlice<UInt8>) -> String {
    let shown = bytes.prefix(40).map { $0 < 0x20 || $0 == 0x7F ? UInt8(ascii: "?") : $0 }
    var text = String(decoding: shown, as: UTF8.self)
    if bytes.count > 40 { text += "…" }
    return text
  }
}
