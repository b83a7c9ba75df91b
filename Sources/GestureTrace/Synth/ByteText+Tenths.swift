extension ByteText {
  /// Writes the `shortestDescription` of `tenths / 10` (as
  /// ``writeShortest(_:to:)`` would write it); returns its length.
  ///
  /// ```swift
  /// // -12.5 pt/s reported as -125 tenths:
  /// ByteText.writeTenths(-125, to: target)   // "-12.5", returns 5
  /// ```
  // NB: the synthesizer's velocities are whole tenths divided by 10. For a
  // whole w with |w| < 10^12, w / 10 is whole when 10 divides w, and
  // otherwise writeShortest's two-decimal path finds the hundredths 10·w
  // (w / 10 · 100 is within 0.01 of it) and prints |w| / 10, a point and
  // |w| % 10; so the digits of w are the text, without the division, the
  // multiplication and the check. Anything else goes to writeShortest.
  static func writeTenths(_ tenths: Double, to target: UnsafeMutablePointer<UInt8>) -> Int {
    guard tenths.magnitude < 1e12, Double(Int64(tenths)) == tenths else {
      return writeShortest(tenths / 10, to: target)
    }
    let whole = Int64(tenths)
    if whole == 0 {
      return tenths.sign == .minus ? write("-0", to: target) : write("0", to: target)
    }
    var count = 0
    if whole < 0 { count += write(UInt8(ascii: "-"), to: target) }
    let magnitude = whole.magnitude
    let digit = magnitude % 10
    count += writeDigits(magnitude / 10, to: target + count)
    guard digit != 0 else { return count }
    target[count] = UInt8(ascii: ".")
    target[count + 1] = 0x30 &+ UInt8(truncatingIfNeeded: digit)
    return count + 2
  }
}
