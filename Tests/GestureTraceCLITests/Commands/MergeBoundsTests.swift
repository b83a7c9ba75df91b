import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `merge` never traps on summed counts and never writes a partial its
/// reader refuses: a merge past what a partial holds is refused with the
/// place of the partial that passes it; one at the bound is written and
/// reads back.
@Suite struct MergeBoundsTests {
  static let limit = 1 << 48

  /// A partial of no traces with `leftOut` traces left out, in `directory`.
  static func empty(leftOut: Int, name: String, in directory: URL) throws -> String {
    let analyzer = TraceAnalyzer(variants: [Variant.seeds[0]], sources: ["none.csv"])
    let text = String(decoding: analyzer.partial(), as: UTF8.self)
      .replacingOccurrences(
        of: "\"leftOut\":0,\"leftOutUnits\":[]",
        with: "\"leftOut\":\(leftOut),\"leftOutUnits\":[\"px\"]")
    let path = directory.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func summedCountsPastTheLimitAreRefusedNotTrapped() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // The review's case: a partial of no traces and 2^48 left out, given
    // many times (32,768 summed to 2^63 and trapped).
    let path = try Self.empty(leftOut: Self.limit, name: "a.part", in: directory)
    let copies = (0..<64).map { directory.appendingPathComponent("c\($0).part").path }
    for copy in copies { try FileManager.default.copyItem(atPath: path, toPath: copy) }
    let result = run(["merge"] + copies)
    #expect(result.exitCode == .dataError)
    // The second partial's summary, line 2, passes the limit.
    #expect(
      result.error
        == "Error: \(copies[1]):2:1: expected at most \(Self.limit) traces and traces left "
        + "out in all, found \(2 * Self.limit)\n")
    // And one more than the limit in one partial is refused on reading.
    let over = try Self.empty(leftOut: Self.limit + 1, name: "over.part", in: directory)
    let refused = run(["merge", over])
    #expect(refused.exitCode == .dataError)
    #expect(refused.error.contains("expected a whole number from 0 to \(Self.limit)"))
  }

  @Test func aMergedPartialAtTheLimitReadsBackAndOnePastIsRefused() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let a = try Self.empty(leftOut: Self.limit / 2, name: "a.part", in: directory)
    let b = try Self.empty(leftOut: Self.limit / 2, name: "b.part", in: directory)
    let merged = directory.appendingPathComponent("ab.part").path
    let written = run(["merge", a, b, "--partial", "-o", merged])
    #expect(written.exitCode == .success, "\(written.error)")
    // Written at the bound: read back by merge, and by the library.
    let again = run(["merge", merged, "--partial"])
    #expect(again.exitCode == .success, "\(again.error)")
    #expect(again.output == (try String(contentsOfFile: merged, encoding: .utf8)))
    let analyzer = try TraceAnalyzer(
      partial: Array(try Data(contentsOf: URL(fileURLWithPath: merged))), name: merged)
    #expect(analyzer.summary().leftOutCount == Self.limit)
    // One more left out: refused before anything is written.
    let c = try Self.empty(leftOut: 1, name: "c.part", in: directory)
    let output = directory.appendingPathComponent("abc.part").path
    let refused = run(["merge", merged, c, "--partial", "-o", output])
    #expect(refused.exitCode == .dataError)
    #expect(refused.error.hasPrefix("Error: \(c):2:1: expected at most \(Self.limit) traces"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
