import Testing

@testable import GestureTrace

@Suite struct TraceTimeTests {
  @Test(arguments: [
    ("0", Int64(0)), ("0.0000", 0), ("0.0083", 8_300_000), ("12", 12_000_000_000),
    ("-1.25", -1_250_000_000), ("235762.362787412", 235_762_362_787_412),
    (".5", 500_000_000), ("1.", 1_000_000_000), ("1e-3", 1_000_000), ("2.5E2", 250_000_000_000),
    // Ten decimals round to the nearest nanosecond, ties to even.
    ("0.0000000015", 2), ("0.0000000025", 2), ("0.00000000251", 3),
    ("0.30000000000000004", 300_000_000),
  ])
  func parsesDecimalSecondsExactly(_ text: String, _ nanoseconds: Int64) {
    #expect(TraceTime(decimalSeconds: text)?.nanoseconds == nanoseconds)
  }

  @Test(arguments: [
    "", "-", ".", "abc", "1.2.3", "1e", "0x10", "nan", "inf", " 1", "1e400", "9999999999999",
  ])
  func rejectsWhatIsNotADecimalTime(_ text: String) {
    #expect(TraceTime(decimalSeconds: text) == nil)
  }

  @Test(arguments: [
    (Int64(0), "0"), (8_300_000, "0.0083"), (1_000_000_000, "1"), (-1_500_000_000, "-1.5"),
    (235_762_362_787_412, "235762.362787412"), (1, "0.000000001"),
  ])
  func printsShortestExactDecimal(_ nanoseconds: Int64, _ text: String) {
    let time = TraceTime(nanoseconds: nanoseconds)
    #expect(time.description == text)
    #expect(TraceTime(decimalSeconds: text) == time)
  }

  @Test func arithmeticIsExact() {
    let a = TraceTime(decimalSeconds: "0.1")!
    let b = TraceTime(decimalSeconds: "0.2")!
    #expect((a + b).description == "0.3")
    #expect((b - a) == a)
    #expect(TraceTime.milliseconds(25).seconds == 0.025)
  }
}

@Suite struct DecimalLiteralTests {
  @Test(arguments: [
    "0", "-0", "0.4", "1092", "1e-05", "5e-324", "1.7976931348623157e+308", "0.30000000000000004",
    "123456789.12345679", "-2.5", "1e+16", "4.9406564584124654e-324",
  ])
  func shortestDescriptionReadsBackExactly(_ text: String) {
    let value = Double(text)!
    let printed = value.shortestDescription
    let reread = printed.utf8CString.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: UInt8.self) { bytes in
        let slice = UnsafeBufferPointer(rebasing: bytes[..<(bytes.count - 1)])
        return DecimalLiteral(slice)?.double(slice)
      }
    }
    #expect(reread?.bitPattern == value.bitPattern)
  }

  @Test(arguments: 0..<20 as Range<UInt64>)
  func fastPathPrintsWhatDescriptionPrints(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<5_000 {
      let magnitude = [1.0, 100, 10_000, 1e9, 1e12][Int(rng.next() % 5)]
      let cents = Double(Int64(rng.next() % 2_000_001) - 1_000_000)
      let value = (cents / 100) * magnitude / 100
      var expected = value.description
      if expected.hasSuffix(".0") { expected.removeLast(2) }
      if value == 0 { expected = value.sign == .minus ? "-0" : "0" }
      #expect(value.shortestDescription == expected, "\(value)")
    }
  }

  @Test func integralValuesPrintWithoutFraction() {
    #expect(1092.0.shortestDescription == "1092")
    #expect((-0.0).shortestDescription == "-0")
    #expect(0.4.shortestDescription == "0.4")
    #expect(24.0.shortestDescription == "24")
    #expect(1e15.shortestDescription == "1000000000000000")
    #expect(9007199254740992.0.shortestDescription == "9007199254740992")
    #expect(1e16.shortestDescription == "1e+16")
  }

  /// Twenty significant digits: the twentieth, a fraction of a nanosecond,
  /// rounds like any other (before, it was dropped, reading a wrong value).
  @Test(arguments: [
    ("1234567890.1234567895", Int64(1_234_567_890_123_456_790)),
    ("1234567890.1234567885", 1_234_567_890_123_456_788),
    ("1234567890.12345678850000000001", 1_234_567_890_123_456_789),
    ("1234567890.1234567886", 1_234_567_890_123_456_789),
    ("3999999999.99999999951", 4_000_000_000_000_000_000),
    ("-3999999999.9999999999999", -4_000_000_000_000_000_000),
    ("4000000000", 4_000_000_000_000_000_000), ("-4000000000", -4_000_000_000_000_000_000),
  ])
  func twentiethDigitRounds(_ text: String, _ nanoseconds: Int64) {
    #expect(TraceTime(decimalSeconds: text)?.nanoseconds == nanoseconds)
  }

  /// Beyond ±4,000,000,000 s, including by rounding, a time is no time: the
  /// difference of any two times in range fits in 64 bits.
  @Test(arguments: [
    "4000000000.000000001", "-4000000000.000000001", "4000000000.00000000051",
    "9223372036", "-9223372036.854775808", "9223372036.85477580799999999999",
  ])
  func timeBeyondTheRangeIsNoTime(_ text: String) {
    #expect(TraceTime(decimalSeconds: text) == nil)
  }

  @Test func differencesOfTimesInRangeDoNotOverflow() {
    let earliest = TraceTime(decimalSeconds: "-4000000000")!
    let latest = TraceTime(decimalSeconds: "4000000000")!
    #expect((latest - earliest).seconds == 8e9)
    #expect((earliest - latest).seconds == -8e9)
  }

  @Test(arguments: [1e300, -1e300, 1e9, .nan, .infinity])
  func secondsFromAnyDoubleDoNotTrap(_ value: Double) {
    let time = TraceTime.seconds(value)
    if value.isNaN { #expect(time == .zero) }
    if value == 1e9 { #expect(time.nanoseconds == 1_000_000_000_000_000_000) }
    if value > 1e9 { #expect(time.nanoseconds == .max) }
    if value == -1e300 { #expect(time.nanoseconds == .min) }
  }
}
