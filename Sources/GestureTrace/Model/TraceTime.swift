/// A point in time, or a span of time, in whole nanoseconds.
///
/// Trace timestamps are kept exactly: the decimal seconds of a trace file are
/// parsed digit by digit into an integer count of nanoseconds, never through a
/// binary floating-point value, so `0.0083` is exactly 8,300,000 ns and prints
/// back as `0.0083`.
///
/// ```swift
/// let t = TraceTime(decimalSeconds: "0.0083")   // 8_300_000 ns
/// t?.description                                // "0.0083"
/// ```
public struct TraceTime: Sendable, Hashable, Comparable, Codable {
  /// The number of nanoseconds.
  public var nanoseconds: Int64

  /// Creates a time from a whole number of nanoseconds.
  public init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// The zero time.
  public static let zero = TraceTime(nanoseconds: 0)

  /// The largest magnitude of a time read from a file, in nanoseconds:
  /// 4,000,000,000 seconds (about 126 years either side of the origin, so
  /// Unix times fit).
  // NB: the format's range is narrower than `Int64`'s (±9.2e18 ns) so that
  // the difference of any two times in it (a duration, an interval between
  // events) and a time plus a few minutes (the 30 s a replay runs after the
  // last event) fit in 64 bits: no subtraction of valid times overflows.
  public static let largestMagnitude: UInt64 = 4_000_000_000_000_000_000

  /// The format's range of times as a message says it.
  static let rangeText = "±4000000000 seconds"

  /// The message for a time field that does not read: out of range when it
  /// is a number, not a time otherwise.
  static func problem(found text: String) -> String {
    let trimmed = text.trimmingSpaces
    if DecimalLiteral.parseDouble(trimmed) != nil {
      return "expected a time within \(rangeText), found '\(trimmed.truncatedForMessage)'"
    }
    return "expected a time in seconds, found '\(text.truncatedForMessage)'"
  }

  /// The time within the format's range (``largestMagnitude``); `nil` beyond it.
  static func checked(magnitude: UInt64, negative: Bool) -> TraceTime? {
    guard magnitude <= largestMagnitude else { return nil }
    let value = Int64(magnitude)
    return TraceTime(nanoseconds: negative ? -value : value)
  }

  /// Creates a time from whole microseconds.
  public static func microseconds(_ value: Int64) -> TraceTime {
    TraceTime(nanoseconds: value &* 1_000)
  }

  /// Creates a time from whole milliseconds.
  public static func milliseconds(_ value: Int64) -> TraceTime {
    TraceTime(nanoseconds: value &* 1_000_000)
  }

  /// Creates a time from seconds, rounded to the nearest nanosecond.
  ///
  /// Use this for computed times (animation frames, synthetic gestures); use
  /// ``init(decimalSeconds:)`` for times read from text. A value beyond the
  /// 64-bit range is clamped to it, and NaN is zero.
  public static func seconds(_ value: Double) -> TraceTime {
    // NB: `Int64(_:)` traps on a value it cannot hold; a computed time (a
    // settle time after a huge velocity) must not take the tool down.
    let nanoseconds = (value * 1e9).rounded()
    guard !nanoseconds.isNaN else { return .zero }
    guard nanoseconds < 0x1p63 else { return TraceTime(nanoseconds: .max) }
    guard nanoseconds >= -0x1p63 else { return TraceTime(nanoseconds: .min) }
    return TraceTime(nanoseconds: Int64(nanoseconds))
  }

  /// The time in seconds, as a floating-point value for arithmetic.
  public var seconds: Double { Double(nanoseconds) / 1e9 }

  /// Whether `lhs` is earlier than `rhs`.
  public static func < (lhs: TraceTime, rhs: TraceTime) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  /// The sum of two times.
  public static func + (lhs: TraceTime, rhs: TraceTime) -> TraceTime {
    TraceTime(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds)
  }

  /// The difference of two times.
  public static func - (lhs: TraceTime, rhs: TraceTime) -> TraceTime {
    TraceTime(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds)
  }
}

extension TraceTime: CustomStringConvertible {
  /// The time as decimal seconds in the shortest exact form: `0`, `0.0083`,
  /// `-1.5`, `235762.362787412`.
  public var description: String {
    let negative = nanoseconds < 0
    let magnitude = nanoseconds.magnitude
    let whole = magnitude / 1_000_000_000
    var fraction = magnitude % 1_000_000_000
    var text = negative ? "-" : ""
    text += String(whole)
    if fraction != 0 {
      var digits = 9
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let fractionText = String(fraction)
      text += "."
      text += String(repeating: "0", count: digits - fractionText.count)
      text += fractionText
    }
    return text
  }
}

extension TraceTime {
  /// Creates a time from decimal seconds such as `12`, `0.0083` or `-1.25`.
  ///
  /// Up to nine decimal places are kept exactly; further places are rounded
  /// to the nearest nanosecond, ties to even. An exponent (`1e-3`) is accepted.
  /// Returns `nil` for anything else, or for a time beyond ±4,000,000,000
  /// seconds (``largestMagnitude``).
  public init?(decimalSeconds text: some StringProtocol) {
    var utf8 = Array(text.utf8)
    guard let value = TraceTime.parse(&utf8[...]) else { return nil }
    self = value
  }

  /// Parses decimal seconds from UTF-8 bytes; `nil` when they are not one.
  static func parse(_ bytes: inout ArraySlice<UInt8>) -> TraceTime? {
    bytes.withUnsafeBufferPointer { parse(UnsafeBufferPointer(rebasing: $0[...])) }
  }

  /// Parses decimal seconds from UTF-8 bytes; `nil` when they are not one.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> TraceTime? {
    guard let number = DecimalLiteral(bytes) else { return nil }
    return number.nanoseconds()
  }
}
