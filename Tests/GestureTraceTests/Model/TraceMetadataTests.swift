import Foundation
import Testing

@testable import GestureTrace

@Suite struct TraceMetadataTests {
  /// Random sets and removals on a few keys (the list) or many (the index)
  /// give what a dictionary given the same operations holds.
  @Test(arguments: [(4, 0 as UInt64), (4, 1), (40, 2), (40, 3), (200, 4)])
  func behavesLikeADictionary(keyCount: Int, seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var metadata = TraceMetadata()
    var model: [String: String] = [:]
    for step in 0..<2_000 {
      let key = "k\(Int.random(in: 0..<keyCount, using: &rng))"
      let value: String? = Int.random(in: 0..<4, using: &rng) == 0 ? nil : "v\(step)"
      metadata[key] = value
      model[key] = value
      #expect(metadata[key] == model[key])
    }
    #expect(metadata.entries == model)
    #expect(metadata.count == model.count)
    #expect(metadata.isEmpty == model.isEmpty)
  }

  /// `intent` is the label exactly as written: only the two names, in
  /// lower case, without spaces, are intents.
  @Test(
    arguments: [
      ("complete", TraceIntent.complete), ("cancel", .cancel), ("Complete", nil),
      ("cancelled", nil), ("complete ", nil), ("", nil), ("compl", nil), ("cancel\u{0}", nil),
    ] as [(String, TraceIntent?)])
  func intentIsReadFromItsExactName(value: String, intent: TraceIntent?) {
    var metadata = TraceMetadata()
    #expect(metadata.intent == nil)
    metadata["intent"] = value
    #expect(metadata.intent == intent)
    #expect(metadata.intent == TraceIntent(rawValue: value))
    metadata.intent = .cancel
    #expect(metadata["intent"] == "cancel")
  }

  @Test func equalityAndHashIgnoreTheOrderEntriesWereSet() {
    var first = TraceMetadata()
    first["a"] = "1"
    first["b"] = "2"
    var second = TraceMetadata()
    second["b"] = "2"
    second["a"] = "1"
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    second["a"] = "3"
    #expect(first != second)
    second["a"] = nil
    #expect(first != second)
  }

  @Test func keysAreComparedAsStrings() {
    var metadata = TraceMetadata()
    metadata["caf\u{E9}"] = "1"
    // "cafe" and a combining acute accent: canonically equivalent.
    #expect(metadata["cafe\u{301}"] == "1")
  }

  @Test func encodesTheEntriesAsAnObject() throws {
    var metadata = TraceMetadata()
    metadata.source = "synth"
    metadata["seed"] = "1"
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(metadata)
    #expect(String(decoding: data, as: UTF8.self) == #"{"entries":{"seed":"1","source":"synth"}}"#)
    #expect(try JSONDecoder().decode(TraceMetadata.self, from: data) == metadata)
  }

  @Test func ordersWellKnownKeysFirstThenTagsByName() {
    var metadata = TraceMetadata()
    metadata["zeta"] = "z"
    metadata.intent = .cancel
    metadata["alpha"] = "a"
    metadata.source = "synth"
    #expect(metadata.orderedEntries.map(\.key) == ["source", "intent", "alpha", "zeta"])
    #expect(metadata.tags == ["alpha": "a", "zeta": "z"])
  }
}
