/// Reads the text trace files hold in the form the encoders write it, for
/// the transcoders (``CSVJSONLinesTranscoder``, ``JSONLinesCSVTranscoder``)
/// that copy that text instead of reading and writing values.
// NB: a decimal of at most 15 significant digits reads as the double
// nearest to it, and that double's shortest text is those digits (15
// digits round-trip through a double); so a number written in the notation
// `ByteText.writeShortest` uses is the text it would write for the value
// read from it. Tests compare both on random and edge texts.
enum CanonicalText {
  /// Whether a field's text is the text ``ByteText/writeShortest(_:to:)``
  /// writes for the double read from it: `-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?`
  /// with at most 15 significant digits, at most 13 whole digits when it
  /// has a fraction (below 10^13) and at least 0.0001 when it has only a
  /// fraction (what `description` writes without an exponent).
  static func isNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress, !text.isEmpty else { return false }
    return numberEnd(base, 0, text.count) == text.count
  }

  /// The end of the canonical number at `start` (the first byte after it
  /// that is not a digit or a point), or `nil` when none starts there.
  @inline(__always)
  static func numberEnd(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
    var index = start
    if index < count, base[index] == UInt8(ascii: "-") { index += 1 }
    guard index < count else { return nil }
    var wholeDigits = 0
    if base[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      let first = index
      while index < count, base[index] &- 0x30 < 10 { index += 1 }
      wholeDigits = index - first
      guard wholeDigits > 0, wholeDigits <= 15 else { return nil }
    }
    guard index < count, base[index] == UInt8(ascii: ".") else {
      // NB: a whole number: a digit after a leading zero is not canonical.
      if index < count, base[index] &- 0x30 < 10 { return nil }
      return index
    }
    index += 1
    let fractionStart = index
    while index < count, base[index] &- 0x30 < 10 { index += 1 }
    let fractionDigits = index - fractionStart
    guard fractionDigits > 0, base[index - 1] != UInt8(ascii: "0") else { return nil }
    if index < count, base[index] == UInt8(ascii: ".") { return nil }
    if wholeDigits > 0 {
      guard wholeDigits <= 13, wholeDigits + fractionDigits <= 15 else { return nil }
    } else {
      var zeros = 0
      while base[fractionStart + zeros] == UInt8(ascii: "0") { zeros += 1 }
      guard zeros <= 3, fractionDigits - zeros <= 15 else { return nil }
    }
    return index
  }

  /// Reads a time in ``TraceTime/description``'s form, not negative and
  /// below 10^9 seconds: its nanoseconds and its end, or `nil`.
  @inline(__always)
  static func time(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> (Int64, Int)? {
    var index = start
    guard index < count else { return nil }
    var seconds: Int64 = 0
    if base[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < count, base[index] &- 0x30 < 10, index - start < 9 {
        seconds = seconds &* 10 &+ Int64(base[index] &- 0x30)
        index += 1
      }
      guard index > start else { return nil }
    }
    guard index < count else { return nil }
    guard base[index] == UInt8(ascii: ".") else {
      return base[index] &- 0x30 < 10 ? nil : (seconds &* 1_000_000_000, index)
    }
    index += 1
    let fractionStart = index
    var fraction: Int64 = 0
    while index < count, base[index] &- 0x30 < 10, index - fractionStart < 9 {
      fraction = fraction &* 10 &+ Int64(base[index] &- 0x30)
      index += 1
    }
    let digits = index - fractionStart
    guard digits > 0, index < count, base[index] &- 0x30 >= 10, base[index] != UInt8(ascii: "."),
      base[index - 1] != UInt8(ascii: "0")
    else { return nil }
    for _ in digits..<9 { fraction &*= 10 }
    return (seconds &* 1_000_000_000 &+ fraction, index)
  }

  /// Whether an id may hold the byte: printable ASCII but the characters
  /// a CSV field, a metadata line or a JSON string treats apart.
  @inline(__always)
  static func isIDByte(_ byte: UInt8) -> Bool {
    byte &- 0x21 < 0x5E && byte != UInt8(ascii: ",") && byte != UInt8(ascii: "\"")
      && byte != UInt8(ascii: ":") && byte != UInt8(ascii: "\\")
  }

  /// ``TraceMetadata/isValidKey(_:)`` for an ASCII byte.
  @inline(__always)
  static func isKeyByte(_ byte: UInt8) -> Bool {
    (byte &- 0x30 < 10) || ((byte | 0x20) &- 0x61 < 26) || byte == 0x2D || byte == 0x5F
      || byte == 0x2E
  }

  /// Whether the `count` bytes at `lhs` and `rhs` are the same.
  @inline(__always)
  static func same(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var index = 0
    while index + 8 <= count {
      guard
        UnsafeRawPointer(lhs + index).loadUnaligned(as: UInt64.self)
          == UnsafeRawPointer(rhs + index).loadUnaligned(as: UInt64.self)
      else { return false }
      index += 8
    }
    while index < count {
      guard lhs[index] == rhs[index] else { return false }
      index += 1
    }
    return true
  }
}
