import Foundation
import Testing

@testable import GestureTrace
@testable import GestureTraceCLI

/// `SpilledColumn` holds `info`'s numbers per interval; what it hands back
/// must be exactly what was appended, in order, however many chunks went to
/// its file.
@Suite struct SpilledColumnTests {
  /// Numbers of every kind, exact to the bit: signed zeros, subnormals,
  /// infinities and a NaN with a payload.
  static func values(_ count: Int, seed: UInt64) -> [Double] {
    var generator = SplitMix64(seed: seed)
    let special: [Double] = [
      0, -0.0, .leastNonzeroMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity,
      Double(bitPattern: 0x7FF8_0000_0000_0123),
    ]
    return (0..<count).map { index in
      let random = generator.next()
      if random % 97 == 0 { return special[index % special.count] }
      return Double(Int64(bitPattern: random) >> 20) / 1_024
    }
  }

  /// Every number handed back, in order, and the sizes of the chunks.
  static func readBack(_ column: SpilledColumn) -> (values: [Double], chunks: [Int], ok: Bool) {
    var values: [Double] = []
    var chunks: [Int] = []
    let ok = column.forEachChunk { chunk in
      values.append(contentsOf: chunk)
      chunks.append(chunk.count)
    }
    return (values, chunks, ok)
  }

  /// At and around the default chunk of 65,536 numbers, and several chunks.
  @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 3 * 65_536 + 5])
  func handsBackWhatWasAppendedInOrder(count: Int) {
    let column = SpilledColumn()
    #expect(column.chunkCapacity == 65_536)
    let appended = Self.values(count, seed: UInt64(count))
    column.append(contentsOf: appended)
    #expect(column.count == count)
    #expect(column.heldCount == count % 65_536)
    let (values, chunks, ok) = Self.readBack(column)
    #expect(ok)
    #expect(values.map(\.bitPattern) == appended.map(\.bitPattern))
    #expect(chunks.allSatisfy { $0 <= 65_536 })
    #expect(chunks.dropLast().allSatisfy { $0 == 65_536 })
    // A second pass reads the same numbers again.
    #expect(Self.readBack(column).values.map(\.bitPattern) == appended.map(\.bitPattern))
  }

  /// Tiny chunks: many spills, each read back in its place.
  @Test(arguments: [1, 2, 3, 7])
  func smallChunksKeepTheOrder(capacity: Int) {
    let column = SpilledColumn(chunkCapacity: capacity)
    let appended = Self.values(1_000, seed: 0x5_0111 + UInt64(capacity))
    for value in appended { column.append(value) }
    let (values, chunks, ok) = Self.readBack(column)
    #expect(ok)
    #expect(values.map(\.bitPattern) == appended.map(\.bitPattern))
    #expect(chunks.allSatisfy { $0 <= capacity })
    #expect(column.heldCount == 1_000 % capacity)
  }

  @Test func aChunkHoldsAtLeastOneNumber() {
    let column = SpilledColumn(chunkCapacity: 0)
    #expect(column.chunkCapacity == 1)
    column.append(contentsOf: [2, 1])
    #expect(column.heldCount == 0)
    #expect(Self.readBack(column).values == [2, 1])
  }

  /// The range of the spilled numbers and of all of them, against a sort.
  @Test func rangesCoverTheNumbersAppended() {
    let column = SpilledColumn(chunkCapacity: 100)
    let appended = Self.values(250, seed: 0x7A_4E) + [.infinity, -.infinity, -.infinity, .nan]
    column.append(contentsOf: appended)
    let finite = appended.filter(\.isFinite).sorted()
    let full = column.fullRange
    #expect(full.lowest == finite.first)
    #expect(full.highest == finite.last)
    #expect(full.finiteCount == finite.count)
    #expect(full.positiveInfinityCount == appended.count { $0 == .infinity })
    #expect(full.negativeInfinityCount == appended.count { $0 == -.infinity })
    // Only the first 200 numbers are in the file.
    let spilled = appended[..<200].filter(\.isFinite).sorted()
    #expect(column.range.lowest == spilled.first)
    #expect(column.range.highest == spilled.last)
    #expect(column.range.finiteCount == spilled.count)
  }

  /// The median of what comes back is the median of the numbers appended,
  /// found by sorting them.
  @Test func quantilesOfWhatComesBackAreThoseOfASort() {
    let column = SpilledColumn(chunkCapacity: 1_000)
    var generator = SplitMix64(seed: 0x3ED1A4)
    let appended = (0..<10_001).map { _ in Double(generator.next() % 1_000_000) / 8 }
    column.append(contentsOf: appended)
    let sorted = appended.sorted()
    let back = Self.readBack(column).values.sorted()
    #expect(back == sorted)
    #expect(back[5_000] == sorted[5_000])
    #expect(back[9_000] == sorted[9_000])
  }

  /// With no temporary file to be had (`TMPDIR` names a missing folder),
  /// the numbers stay in memory and `info` prints the same report. The
  /// first 66,000 traces (more than a chunk) last 10 ms and move 1 pt, the
  /// last 1,000 last 500 ms and move 50 pt: a lost chunk would move the
  /// medians to 500 ms and 50 pt.
  @Test(.timeLimit(.minutes(3))) func withoutATemporaryFileTheAnswerIsTheSame() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("durations.csv").path
    var text = "trace,t,phase,tx,ty\n"
    for trace in 0..<67_000 {
      let (end, distance) = trace < 66_000 ? ("0.01", 1) : ("0.5", 50)
      text += "t\(trace),0,began,0,0\nt\(trace),\(end),ended,0,\(distance)\n"
    }
    try text.write(toFile: input, atomically: false, encoding: .utf8)
    func info(temporaryDirectory: String) throws -> String {
      let output = directory.appendingPathComponent("info-\(temporaryDirectory.count).txt").path
      var environment = ProcessInfo.processInfo.environment
      environment["TMPDIR"] = temporaryDirectory
      try #require(FileManager.default.isExecutableFile(atPath: FileSafetyTests.binary))
      let status = ChildProcess.run(
        [FileSafetyTests.binary, "info", "--jobs", "1", input], environment: environment,
        output: output)
      #expect(status == 0)
      return try String(contentsOfFile: output, encoding: .utf8)
    }
    let withFile = try info(temporaryDirectory: directory.path)
    #expect(withFile.contains("duration            10 – 500 ms (median 10)\n"), "\(withFile)")
    #expect(withFile.contains("net distance        1.0 – 50.0 pt (median 1.0)\n"), "\(withFile)")
    let missing = directory.appendingPathComponent("missing").path
    #expect(try info(temporaryDirectory: missing) == withFile)
  }
}
