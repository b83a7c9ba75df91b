/// A decimal number literal as written in a trace file, before conversion.
///
/// The grammar is JSON's, relaxed to allow a leading `+`, a leading or
/// trailing decimal point and leading zeros: `[+-]? digits [. digits]
/// [(e|E) [+-]? digits]`, with at least one digit before the exponent.
/// Keeping the digits lets times convert exactly to nanoseconds and other
/// numbers convert to the nearest `Double`.
struct DecimalLiteral {
  /// The first (at most) 19 significant digits, as an integer.
  var significand: UInt64 = 0
  /// The power of ten that scales ``significand``.
  var exponent: Int = 0
  /// Whether a dropped digit (beyond the 19th) was not zero.
  var hasDroppedNonzeroDigits = false
  /// The first digit dropped (beyond the 19th), if any.
  var firstDroppedDigit: UInt64?
  /// Whether a dropped digit after the first one was not zero.
  var hasNonzeroDigitsAfterFirstDropped = false
  /// Whether the literal had a minus sign.
  var isNegative = false
  /// The number of significant digits kept in ``significand``.
  var keptDigits = 0

  /// Reads an optional sign and the digits with at most one point from
  /// `index` (left after them); false when there is no digit.
  @inline(__always)
  private mutating func readSignificand(
    _ base: UnsafePointer<UInt8>, from index: inout Int, limit: Int
  ) -> Bool {
    if index < limit, base[index] == UInt8(ascii: "-") || base[index] == UInt8(ascii: "+") {
      isNegative = base[index] == UInt8(ascii: "-")
      index += 1
    }
    var sawDigit = false
    var sawPoint = false
    while index < limit {
      let byte = base[index]
      if byte >= 0x30 && byte <= 0x39 {
        sawDigit = true
        let digit = UInt64(byte &- 0x30)
        if keptDigits < 19 {
          if significand != 0 || digit != 0 {
            significand = significand &* 10 &+ digit
            keptDigits += 1
          }
          if sawPoint { exponent -= 1 }
        } else {
          if digit != 0 { hasDroppedNonzeroDigits = true }
          if firstDroppedDigit == nil {
            firstDroppedDigit = digit
          } else if digit != 0 {
            hasNonzeroDigitsAfterFirstDropped = true
          }
          if !sawPoint { exponent += 1 }
        }
      } else if byte == UInt8(ascii: "."), !sawPoint {
        sawPoint = true
      } else {
        break
      }
      index += 1
    }
    return sawDigit
  }

  /// Parses a complete literal; `nil` when the bytes are not exactly one.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    var index = 0
    let count = bytes.count
    guard count > 0 else { return nil }
    guard readSignificand(bytes.baseAddress!, from: &index, limit: count) else { return nil }
    if index < count {
      guard bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
      else { return nil }
      index += 1
      var exponentIsNegative = false
      if index < count,
        bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
      {
        exponentIsNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      var value = 0
      var sawExponentDigit = false
      while index < count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        sawExponentDigit = true
        if value < 100_000 { value = value * 10 + Int(bytes[index] &- 0x30) }
        index += 1
      }
      guard sawExponentDigit, index == count else { return nil }
      exponent += exponentIsNegative ? -value : value
    }
  }

  /// Reads a literal without exponent that starts at `start` and ends at
  /// the first byte that cannot continue it, before `limit`; returns it and
  /// that end, or `nil` when there is no digit or an exponent follows.
  ///
  /// For the bytes it reads, the literal is the one ``init(_:)`` makes.
  static func scan(
    _ base: UnsafePointer<UInt8>, from start: Int, limit: Int
  ) -> (literal: DecimalLiteral, end: Int)? {
    var literal = DecimalLiteral()
    var index = start
    guard literal.readSignificand(base, from: &index, limit: limit) else { return nil }
    if index < limit, base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E") {
      return nil
    }
    return (literal, index)
  }

  private init() {}

  /// The nearest `Double` (which may be infinite for a huge literal).
  func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
    // NB: Clinger's fast path: an integer below 2^53 times or divided by an
    // exact power of ten (up to 10^22) is correctly rounded by one IEEE
    // operation. Anything else goes through the standard library's parser.
    if significand < (1 << 53), !hasDroppedNonzeroDigits,
      exponent >= -22, exponent <= 22
    {
      var value = Double(significand)
      if exponent < 0 {
        value /= DecimalLiteral.powerOfTen(-exponent)
      } else if exponent > 0 {
        value *= DecimalLiteral.powerOfTen(exponent)
      }
      return isNegative ? -value : value
    }
    if significand == 0, !hasDroppedNonzeroDigits {
      return isNegative ? -0.0 : 0.0
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let value = Double(text) ?? .nan
    return value
  }

  /// The value in seconds converted to whole nanoseconds, rounded half to
  /// even; `nil` when it is beyond ``TraceTime/largestMagnitude``.
  func nanoseconds() -> TraceTime? {
    let scale = exponent + 9
    var magnitude: UInt64
    if significand == 0 {
      magnitude = 0
    } else if scale >= 0 {
      guard scale <= 19 else { return nil }
      let (product, overflow) = significand.multipliedReportingOverflow(
        by: DecimalLiteral.integerPowerOfTen(scale))
      guard !overflow else { return nil }
      magnitude = product
      // NB: with 19 digits kept and the last one a nanosecond, the dropped
      // digits are fractions of a nanosecond: they round too (a time of
      // 20 decimals can round up past the largest time, which is then `nil`).
      if scale == 0, let first = firstDroppedDigit,
        first > 5 || (first == 5 && (hasNonzeroDigitsAfterFirstDropped || magnitude % 2 == 1))
      {
        magnitude += 1
      }
    } else if -scale > 19 {
      magnitude = 0
    } else {
      let divisor = DecimalLiteral.integerPowerOfTen(-scale)
      magnitude = significand / divisor
      let remainder = significand % divisor
      let half = divisor / 2
      if remainder > half
        || (remainder == half && (hasDroppedNonzeroDigits || magnitude % 2 == 1))
      {
        magnitude += 1
      }
    }
    return TraceTime.checked(magnitude: magnitude, negative: isNegative)
  }

  /// 10^exponent for 0...22, all exact in a `Double`.
  @inline(__always)
  static func powerOfTen(_ exponent: Int) -> Double {
    switch exponent {
    case 0: 1
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    case 13: 1e13
    case 14: 1e14
    case 15: 1e15
    case 16: 1e16
    case 17: 1e17
    case 18: 1e18
    case 19: 1e19
    case 20: 1e20
    case 21: 1e21
    default: 1e22
    }
  }

  /// 10^exponent for 0...19.
  @inline(__always)
  static func integerPowerOfTen(_ exponent: Int) -> UInt64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    case 18: 1_000_000_000_000_000_000
    default: 10_000_000_000_000_000_000
    }
  }
}

extension DecimalLiteral {
  /// The nearest finite `Double` to a whole literal, or `nil` when `text` is
  /// not one literal or overflows.
  static func parseDouble(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { bytes -> Double? in
      guard let literal = DecimalLiteral(bytes) else { return nil }
      let value = literal.double(bytes)
      return value.isFinite ? value : nil
    }
  }
}

extension Double {
  /// The nearest finite double to a decimal number as trace files write
  /// it (`[+-]digits[.digits][(e|E)[+-]digits]`); `nil` for anything else:
  /// hexadecimal (`0x10`), `nan`, `inf`, spaces, an empty text, or a literal
  /// that overflows (`1e400`).
  ///
  /// Command-line options read numbers with this, so they accept exactly
  /// the numbers a trace file does.
  package init?(decimalText text: String) {
    guard let value = DecimalLiteral.parseDouble(text) else { return nil }
    self = value
  }
}
