import Testing

@testable import GestureTrace

/// A number the transcoders copy is the text ``ByteText`` writes for the
/// value read from it: on random decimal texts of every length and on
/// edge texts.
@Suite struct CanonicalTextTests {

  /// A random decimal text, canonical or not: sign, whole digits (perhaps
  /// with leading zeros), fraction digits (perhaps with trailing zeros).
  static func randomNumberText(_ rng: inout SplitMix64) -> String {
    var text = rng.next() % 4 == 0 ? "-" : ""
    let whole = Int(rng.next() % 18)
    let fraction = rng.next() % 3 == 0 ? 0 : Int(rng.next() % 19)
    if whole == 0 {
      text += "0"
    } else {
      for index in 0..<whole {
        let digit = rng.next() % 10
        text += String(index == 0 && rng.next() % 8 != 0 ? max(digit, 1) : digit)
      }
    }
    if fraction > 0 {
      text += "."
      let zeros = rng.next() % 3 == 0 ? Int(rng.next() % 7) : 0
      text += String(repeating: "0", count: min(zeros, fraction))
      for _ in min(zeros, fraction)..<fraction { text += String(rng.next() % 10) }
    }
    return text
  }

  /// The text `ByteText.writeShortest` writes for `value`.
  static func shortest(_ value: Double) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
      let count = ByteText.writeShortest(value, to: buffer.baseAddress!)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }

  static func isCanonical(_ text: String) -> Bool {
    Array(text.utf8).withUnsafeBufferPointer { CanonicalText.isNumber($0) }
  }

  @Test(arguments: 0..<20 as Range<UInt64>)
  func aCanonicalNumberIsTheTextItsValueIsWritten(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var canonical = 0
    for _ in 0..<20_000 {
      let text = Self.randomNumberText(&rng)
      guard Self.isCanonical(text) else { continue }
      canonical += 1
      #expect(Self.shortest(Double(text)!) == text, "\(text)")
    }
    #expect(canonical > 2_000)
  }

  @Test(
    arguments: [
      "0", "-0", "1", "-1", "10", "0.5", "-0.5", "0.25", "0.05", "0.0001", "0.00012", "1.1",
      "123456789012345", "-123456789012345", "1234567890123.45", "0.123456789012345",
      "0.000123456789012345", "95.1", "9007199254740", "1234567890123.4",
    ])
  func edgeNumbersAreCanonical(_ text: String) {
    #expect(Self.isCanonical(text))
    #expect(Self.shortest(Double(text)!) == text)
  }

  @Test(
    arguments: [
      "", "-", "00", "01", "-01", "0.", ".5", "0.50", "1.0", "-0.0", "1e5", "1E5", "+1", "0x1",
      "1234567890123456", "12345678901234.5", "0.00001", "0.00005", "0.1234567890123456",
      "1,", " 1", "1 ", "inf", "nan", "1.2.3", "--1",
    ])
  func otherTextsAreNotCanonical(_ text: String) {
    #expect(!Self.isCanonical(text))
  }

  @Test(arguments: 0..<5 as Range<UInt64>)
  func shortTextOfRecordedValuesIsCanonical(seed: UInt64) {
    // The corpus' values: points with two decimals, velocities with one.
    var rng = SplitMix64(seed: seed)
    for _ in 0..<20_000 {
      let hundredths = Int64(bitPattern: rng.next()) % 10_000_000
      let text = Self.shortest(Double(hundredths) / 100)
      #expect(Self.isCanonical(text), "\(text)")
    }
  }

  @Test(arguments: ["0", "0.5", "12.345", "999999999.999999999", "0.000000001", "7.25"])
  func canonicalTimesReadToTheirNanoseconds(_ text: String) {
    let bytes = Array((text + ",").utf8)
    let read = bytes.withUnsafeBufferPointer { CanonicalText.time($0.baseAddress!, 0, $0.count) }
    let time = TraceTime(nanoseconds: read?.0 ?? -1)
    #expect(read?.1 == text.utf8.count)
    #expect(time.description == text)
  }

  @Test(arguments: ["00", "0.50", "1.", ".5", "-1", "1e3", "1234567890", "0.0000000001", "1.5.5"])
  func otherTimesAreNotRead(_ text: String) {
    let bytes = Array((text + ",").utf8)
    let read = bytes.withUnsafeBufferPointer { CanonicalText.time($0.baseAddress!, 0, $0.count) }
    #expect(read == nil || read?.1 != text.utf8.count)
  }
}
