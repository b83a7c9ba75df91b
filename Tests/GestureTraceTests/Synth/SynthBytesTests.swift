import Testing

@testable import GestureTrace

@Suite struct SynthBytesTests {
  @Test(arguments: [0, 1, 100, 4_096])
  func rowsAndAppendsKeepTheirBytesAcrossGrowth(capacity: Int) {
    // Many rows of varied lengths, so the memory grows several times.
    var bytes = SynthBytes(capacity: capacity)
    defer { bytes.free() }
    var expected: [UInt8] = []
    var rng = SplitMix64(seed: UInt64(capacity))
    for index in 0..<5_000 {
      let text = String(repeating: "x", count: Int(rng.next() % 300))
      if index % 3 == 0 {
        var copy = text
        copy.withUTF8 { bytes.append($0) }
        expected += Array(text.utf8)
      } else {
        bytes.writeRow { row in
          row.append(contentsOf: text)
          row.append(shortest: Double(index) / 4)
        }
        ByteRow.write(into: &expected) { row in
          row.append(contentsOf: text)
          row.append(shortest: Double(index) / 4)
        }
      }
      if index % 7 == 0 {
        bytes.append("# trace ")
        expected += Array("# trace ".utf8)
      }
    }
    #expect(bytes.count == expected.count)
    #expect(Array(bytes.buffer) == expected)
  }

  @Test func emptyBytesHaveNoText() {
    let bytes = SynthBytes(capacity: 0)
    defer { bytes.free() }
    #expect(bytes.count == 0)
    #expect(Array(bytes.buffer).isEmpty)
  }
}
