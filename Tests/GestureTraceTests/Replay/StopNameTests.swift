import Testing

@testable import GestureTrace

@Suite struct StopNameTests {
  /// Every valid name round-trips through its word, up to 10 characters,
  /// each of the 64 characters in some name.
  @Test(arguments: [
    "a", "half", "full", "tip", "dismissed", "long_form2", "abcdefghij", "klmnopqrst",
    "uvwxyz-_AB", "CDEFGHIJKL", "MNOPQRSTUV", "WXYZ012345", "z6789", "a-", "Z--------_",
  ])
  func validNamesRoundTrip(_ text: String) throws {
    let name = try #require(StopName(text))
    #expect(name.description == text)
    #expect(TransitionOutcome(text) == .stop(name))
    #expect(TransitionOutcome.stop(name).description == text)
  }

  @Test(arguments: [
    "", "1st", "-a", "complete", "cancel", "half stop", "hälf", "abcdefghijk", "a\u{0}",
  ])
  func invalidNamesAreRefused(_ text: String) {
    #expect(StopName(text) == nil)
    #expect(!TransitionOutcome.isStopName(text))
  }

  /// Names order as their bytes do, a prefix first, with trailing `-`
  /// (the smallest character) told apart by length.
  @Test func namesOrderAsTheirBytes() {
    let texts = [
      "tip", "half", "full", "abcdefgh", "abcdefgha", "abcdefghb", "abcdefg", "Z", "a", "a-", "a--",
      "a-b", "a0", "a_", "aZ", "ab", "A", "z9", "z_",
    ]
    let names = texts.compactMap { StopName($0) }
    #expect(names.sorted().map(\.description) == texts.sorted())
    let equal: StopName = "half"
    #expect(StopName("half") == equal)
    #expect(StopName("half").hashValue == equal.hashValue)
  }
}
