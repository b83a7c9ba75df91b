import Testing

@testable import GestureTrace

/// `DecimalLiteral` is the general path every fast number reader is checked
/// against, so its own answers are checked here against values known
/// independently of it: bit patterns worked out by hand from IEEE 754, and
/// Swift's `Double(_:)` (correctly rounded, and not this code).
// NB: the suite `DecimalLiteralTests` in Model/TraceTimeTests.swift holds
// the tests of `shortestDescription` and of times in nanoseconds.
@Suite struct DecimalLiteralConversionTests {
  /// The literal's nearest `Double`, or `nil` when `text` is not one literal.
  static func convert(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { bytes in DecimalLiteral(bytes).map { $0.double(bytes) } }
  }

  /// Well-known conversions, with the bits of the correctly rounded result.
  @Test(arguments: [
    ("0.1", UInt64(0x3FB9_9999_9999_999A)),
    ("0.3", 0x3FD3_3333_3333_3333),
    ("1", 0x3FF0_0000_0000_0000),
    ("-2.5", 0xC004_0000_0000_0000),
    // The literal that hung PHP and Java: between the largest subnormal and
    // the smallest normal number, below the halfway point.
    ("2.2250738585072011e-308", 0x000F_FFFF_FFFF_FFFF),
    ("2.2250738585072012e-308", 0x0010_0000_0000_0000),
    ("2.2250738585072014e-308", 0x0010_0000_0000_0000),
    ("1.7976931348623157e308", 0x7FEF_FFFF_FFFF_FFFF),
    ("4.9e-324", 0x0000_0000_0000_0001),
    ("5e-324", 0x0000_0000_0000_0001),
    // Half the smallest subnormal is 2.4703282292062327208…e-324.
    ("2.4703282292062327e-324", 0x0000_0000_0000_0000),
    ("2.4703282292062328e-324", 0x0000_0000_0000_0001),
    // 2^53 + 1 and 2^53 + 3 are halfway between doubles: ties go to even.
    ("9007199254740993", 0x4340_0000_0000_0000),
    ("9007199254740995", 0x4340_0000_0000_0002),
    // Just above halfway, by a digit beyond the nineteenth.
    ("9007199254740993.0000000000000000001", 0x4340_0000_0000_0001),
    ("9007199254740992", 0x4340_0000_0000_0000),
    ("-0", 0x8000_0000_0000_0000),
    ("-0.000e5", 0x8000_0000_0000_0000),
    ("0e999999999", 0x0000_0000_0000_0000),
    ("1e-400", 0x0000_0000_0000_0000),
    ("-1e-400", 0x8000_0000_0000_0000),
    ("1e309", 0x7FF0_0000_0000_0000),
    ("-1e309", 0xFFF0_0000_0000_0000),
    ("1e100000000", 0x7FF0_0000_0000_0000),
    ("1e-100000000", 0x0000_0000_0000_0000),
  ])
  func wellKnownLiteralsConvertToTheCorrectlyRoundedDouble(_ text: String, _ bits: UInt64) {
    let value = Self.convert(text)
    #expect(value?.bitPattern == bits, "\(text)")
    if let expected = Double(text) { #expect(value?.bitPattern == expected.bitPattern) }
  }

  /// The grammar is JSON's with a leading `+`, a bare decimal point at
  /// either end and leading zeros allowed.
  @Test(arguments: [
    ("+1", 1.0), (".5", 0.5), ("5.", 5), ("00012", 12), ("1E5", 1e5), ("1e+5", 1e5),
    ("1e-5", 1e-5), ("-.25", -0.25), ("0.000", 0), ("1.e2", 100), ("12e0", 12),
  ])
  func acceptsTheRelaxedGrammar(_ text: String, _ value: Double) {
    #expect(Self.convert(text) == value)
  }

  @Test(arguments: [
    "", "+", "-", ".", "-.", "e5", ".e1", "1e", "1e+", "1e-", "1.2.3", "1 ", " 1", "0x10", "nan",
    "inf", "1,5", "--1", "+-1", "1e5.5", "1e5e5", "1ee5", "١", "1_000",
  ])
  func refusesWhatIsNotOneLiteral(_ text: String) {
    #expect(Self.convert(text) == nil)
    #expect(Double(decimalText: text) == nil)
  }

  /// Overflow is infinite from `double(_:)`, and refused by the parsers
  /// that want a finite number.
  @Test func overflowIsInfiniteAndRefusedWhereAFiniteNumberIsNeeded() {
    #expect(Self.convert("1e309") == .infinity)
    #expect(Double(decimalText: "1e309") == nil)
    #expect(DecimalLiteral.parseDouble("-1e400") == nil)
    #expect(Double(decimalText: "1.7976931348623157e308") == .greatestFiniteMagnitude)
    // Above the largest double by less than half an ulp: rounds down.
    #expect(Double(decimalText: "1.7976931348623158e308") == .greatestFiniteMagnitude)
  }

  /// Hundreds of digits: the value is fixed by the digits beyond the
  /// nineteenth and the exponent together.
  @Test func longDigitStringsConvertExactly() {
    let one = "1" + String(repeating: "0", count: 1_000) + "e-1000"
    #expect(Self.convert(one) == 1)
    let small = "0." + String(repeating: "0", count: 999) + "1e1001"
    #expect(Self.convert(small) == 10)
    let ones = String(repeating: "1", count: 800) + "e-799"
    #expect(Self.convert(ones)?.bitPattern == Double(ones)?.bitPattern)
    #expect(Self.convert(ones).map { abs($0 - 10.0 / 9) <= 0x1p-52 } == true)
    // 2^53 + 1 followed by 500 zeros is still a tie; one more 1 breaks it.
    let tie = "9007199254740993." + String(repeating: "0", count: 500)
    #expect(Self.convert(tie) == 9_007_199_254_740_992)
    #expect(Self.convert(tie + "1") == 9_007_199_254_740_994)
  }

  /// Clinger's fast path ends at 2^53 and 10^±22; on either side of each
  /// edge the answer is the correctly rounded one.
  @Test(arguments: [
    "9007199254740991e22", "9007199254740991e-22", "9007199254740991e23", "9007199254740991e-23",
    "9007199254740992e22", "1e22", "1e23", "1e-22", "1e-23", "123456789012345678e-5",
    "8.988465674311579e307", "0.000001", "123.456e-300",
  ])
  func fastPathEdgesAgreeWithTheStandardLibrary(_ text: String) {
    #expect(Self.convert(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
  }

  /// Any finite double's `description` reads back to the same bits.
  @Test(arguments: 0..<4 as Range<UInt64>)
  func descriptionsOfRandomDoublesReadBackExactly(seed: UInt64) {
    var generator = SplitMix64(seed: 0xD0_0B1E + seed)
    var checked = 0
    while checked < 5_000 {
      let value = Double(bitPattern: generator.next())
      guard value.isFinite else { continue }
      checked += 1
      #expect(Self.convert(value.description)?.bitPattern == value.bitPattern, "\(value)")
    }
  }

  /// Random literals of up to 40 digits, with or without a point and an
  /// exponent, convert as the standard library converts them.
  @Test(arguments: 0..<4 as Range<UInt64>)
  func randomLiteralsAgreeWithTheStandardLibrary(seed: UInt64) {
    var generator = SplitMix64(seed: 0x11_7E4A + seed)
    for _ in 0..<5_000 {
      let text = Self.randomLiteral(using: &generator)
      let expected = Double(text)
      #expect(expected != nil, "\(text)")
      #expect(Self.convert(text)?.bitPattern == expected?.bitPattern, "\(text)")
    }
  }

  static func randomLiteral(using generator: inout SplitMix64) -> String {
    var text = generator.next() % 2 == 0 ? "" : "-"
    let digitCount = 1 + Int(generator.next() % 40)
    let point = Int(generator.next() % UInt64(digitCount + 2))
    for index in 0..<digitCount {
      if index == point { text += "." }
      text += String(generator.next() % 10)
    }
    // Exponents from -360 to 360 reach the subnormals and overflow.
    if generator.next() % 2 == 0 {
      text += "e" + String(Int(generator.next() % 721) - 360)
    }
    return text
  }

  /// `scan` reads the literal `init` reads, and stops where it ends.
  @Test(arguments: [
    ("12.5,3", 12.5, 4), ("-0.25 ", -0.25, 5), ("+7]", 7, 2), ("9007199254740993}", 0x1p53, 16),
    ("1.", 1, 2), (".5x", 0.5, 2),
  ])
  func scanStopsWhereTheLiteralEnds(_ text: String, _ value: Double, _ end: Int) {
    var bytes = text
    bytes.withUTF8 { bytes in
      guard
        let (literal, scannedEnd) = DecimalLiteral.scan(
          bytes.baseAddress!, from: 0, limit: bytes.count)
      else {
        Issue.record("scan found no literal in \(text)")
        return
      }
      #expect(scannedEnd == end)
      let slice = UnsafeBufferPointer(rebasing: bytes[0..<scannedEnd])
      #expect(literal.double(slice) == value)
      let whole = DecimalLiteral(slice)
      #expect(whole?.significand == literal.significand)
      #expect(whole?.exponent == literal.exponent)
      #expect(whole?.isNegative == literal.isNegative)
      #expect(whole?.keptDigits == literal.keptDigits)
    }
  }

  @Test(arguments: ["1e5", "2E-3,", "-", ".", ",1", ""])
  func scanRefusesAnExponentOrNoDigit(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
      #expect(DecimalLiteral.scan(base, from: 0, limit: bytes.count) == nil)
    }
  }
}
