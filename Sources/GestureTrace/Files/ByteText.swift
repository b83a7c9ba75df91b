/// Writes the text of trace files as UTF-8 bytes at a pointer: times
/// (``TraceTime/description``), numbers in their shortest form, a phase's
/// name, without making a string for each number.
///
/// ```swift
/// let count = ByteText.writeShortest(0.25, to: target)   // "0.25", 4
/// ```
///
/// These are the one printer of times and numbers for trace files: the
/// one writer, ``ByteRow``, and `Double.shortestDescription` write through
/// them.
package enum ByteText {
  /// The most bytes a time or a number takes: `-2.2250738585072014e-308`
  /// (24), `-4000000000.000000001` (21).
  package static let numberCapacity = 32

  /// Writes the ASCII bytes of a static string; returns their count.
  package static func write(_ text: StaticString, to target: UnsafeMutablePointer<UInt8>) -> Int {
    let count = text.utf8CodeUnitCount
    target.update(from: text.utf8Start, count: count)
    return count
  }

  /// Writes a byte; returns 1.
  package static func write(_ byte: UInt8, to target: UnsafeMutablePointer<UInt8>) -> Int {
    target.pointee = byte
    return 1
  }

  /// Writes the decimal digits of `value`, without leading zeros (`0` for
  /// zero); returns their count.
  package static func writeDigits(_ value: UInt64, to target: UnsafeMutablePointer<UInt8>) -> Int {
    var count = 1
    var rest = value / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    rest = value
    var index = count
    repeat {
      index -= 1
      target[index] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    } while index > 0
    return count
  }

  /// Writes a phase's name in a trace file (`began`, `changed`, `ended`,
  /// `cancelled`); returns its length.
  package static func writePhase(_ phase: TouchPhase, to target: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    switch phase {
    case .began: write("began", to: target)
    case .changed: write("changed", to: target)
    case .ended: write("ended", to: target)
    case .cancelled: write("cancelled", to: target)
    }
  }

  /// Writes ``TraceTime/description``: decimal seconds in the shortest
  /// exact form; returns its length.
  package static func writeTime(_ time: TraceTime, to target: UnsafeMutablePointer<UInt8>) -> Int {
    let magnitude = time.nanoseconds.magnitude
    var count = 0
    if time.nanoseconds < 0 { count += write(UInt8(ascii: "-"), to: target) }
    count += writeDigits(magnitude / 1_000_000_000, to: target + count)
    var fraction = magnitude % 1_000_000_000
    guard fraction != 0 else { return count }
    var digits = 9
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    target[count] = UInt8(ascii: ".")
    count += 1
    // NB: `digits` places, the leading ones zeros.
    var index = count + digits
    for _ in 0..<digits {
      index -= 1
      target[index] = 0x30 &+ UInt8(truncatingIfNeeded: fraction % 10)
      fraction /= 10
    }
    return count + digits
  }

  /// Writes a double's `shortestDescription`: the shortest text that reads
  /// back to the same value, without a trailing `.0`; returns its length.
  // NB: the same three ways as `shortestDescription`, in the same order:
  // whole numbers, numbers with at most two decimals, then `description`.
  // Without its `rounded()`, a call into the C library each: below 2^53 a
  // number is whole when its integer part is itself, and a number whose
  // hundredths `n / 100` give it back is within a few units in the last
  // place of `n` when multiplied by 100, so rounding half away from zero by
  // truncation finds the same `n`; for any other number neither finds one.
  package static func writeShortest(_ value: Double, to target: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    if abs(value) <= 0x1p53, Double(Int64(value)) == value {
      if value == 0 {
        return value.sign == .minus ? write("-0", to: target) : write("0", to: target)
      }
      let whole = Int64(value)
      var count = 0
      if whole < 0 { count += write(UInt8(ascii: "-"), to: target) }
      return count + writeDigits(whole.magnitude, to: target + count)
    }
    if abs(value) < 1e13 {
      let product = value * 100
      let scaled = Int64(product + (product < 0 ? -0.5 : 0.5))
      if Double(scaled) / 100 == value {
        let hundredths = scaled.magnitude
        var fraction = hundredths % 100
        var count = 0
        if value < 0 { count += write(UInt8(ascii: "-"), to: target) }
        count += writeDigits(hundredths / 100, to: target + count)
        count += write(UInt8(ascii: "."), to: target + count)
        if fraction % 10 == 0 {
          fraction /= 10
        } else if fraction < 10 {
          count += write(UInt8(ascii: "0"), to: target + count)
        }
        return count + writeDigits(fraction, to: target + count)
      }
    }
    var text = value.description
    return text.withUTF8 { bytes in
      target.update(from: bytes.baseAddress!, count: bytes.count)
      return bytes.count
    }
  }
}
