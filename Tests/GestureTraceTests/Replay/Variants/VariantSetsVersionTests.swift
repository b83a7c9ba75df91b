import Testing

@testable import GestureTrace

@Suite struct VariantSetsVersionTests {
  // `{"version":` is 11 bytes, so the value is at column 12.
  @Test(arguments: [
    (
      #"{"version":2,"sets":{}}"#,
      "1:12: expected version 1, found 2 (written by a newer gesturetrace?)"
    ),
    (#"{"version":true,"sets":{}}"#, "1:12: expected the version 1, found 'true'"),
    (#"{"version":1.5,"sets":{}}"#, "1:12: expected the version 1, found '1.5'"),
  ])
  func anUnreadableVersionIsReportedAtItsValue(text: String, message: String) {
    #expect(throws: VariantError(message)) { try VariantSets(parsing: text) }
  }

  @Test func versionOneIsRead() throws {
    let sets = try VariantSets(parsing: #"{"version":1,"sets":{"a":["lyrics-swap"]}}"#)
    #expect(sets.sets.map(\.name) == ["a"])
  }
}
