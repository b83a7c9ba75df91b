import Foundation
import Testing

@testable import GestureTrace

/// A partial's lines are capped, refused as soon as they pass the cap, and
/// cut in time linear in the input whatever the chunks.
@Suite struct PartialLineBufferTests {
  /// The lines of `bytes` pushed in chunks of `size`, or the problem.
  static func lines(
    _ bytes: [UInt8], chunk size: Int, limit: Int
  ) -> (lines: [[UInt8]], problem: PartialProblem?) {
    var buffer = PartialLineBuffer(limit: limit)
    var lines: [[UInt8]] = []
    do throws(PartialProblem) {
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + size)
        _ = try bytes[start..<end].withUnsafeBufferPointer { chunk throws(PartialProblem) in
          try buffer.push(chunk) { line in
            lines.append(Array(line))
            return true
          }
        }
        start = end
      }
    } catch {
      return (lines, error)
    }
    return (lines, nil)
  }

  @Test(arguments: [1, 2, 3, 7, 100])
  func linesAreCutTheSameWhateverTheChunks(size: Int) {
    let text = Array("ab\n\ncdef\ngh".utf8)
    let (lines, problem) = Self.lines(text, chunk: size, limit: 4)
    #expect(problem == nil)
    #expect(lines == [Array("ab".utf8), [], Array("cdef".utf8)])
  }

  @Test(arguments: [1, 3, 64])
  func aLinePastTheLimitIsRefusedBeforeItEnds(size: Int) {
    // The third line has 6 bytes and never ends: it is refused once its
    // bytes pass the limit, at the limit's column.
    let text = Array("ab\ncd\nefghij".utf8)
    let (lines, problem) = Self.lines(text, chunk: size, limit: 5)
    #expect(lines == [Array("ab".utf8), Array("cd".utf8)])
    #expect(
      problem
        == PartialProblem(
          line: 3, column: 6, message: "expected a line of at most 5 bytes, found a longer one"))
  }

  @Test func aLineAtTheLimitIsTaken() {
    let (lines, problem) = Self.lines(Array("abcde\n".utf8), chunk: 2, limit: 5)
    #expect(problem == nil)
    #expect(lines == [Array("abcde".utf8)])
  }

  @Test func aLongLineFedAByteAtATimeIsCutInLinearTime() {
    // Rescanning the pending bytes for each chunk would look at about
    // 2³⁷ bytes here; each byte looked at once, 2¹⁹.
    let length = 1 << 19
    var text = [UInt8](repeating: UInt8(ascii: "x"), count: length)
    text.append(0x0A)
    let (lines, problem) = Self.lines(text, chunk: 1, limit: PartialLineBuffer.maximumLineLength)
    #expect(problem == nil)
    #expect(lines.map(\.count) == [length])
  }

  @Test func theCapIsTheJSONLinesTraceReadersCap() {
    #expect(PartialLineBuffer.maximumLineLength == JSONLinesDecoder.maximumLineLength)
    #expect(PartialLineBuffer.maximumLineLength == 1 << 26)
  }

  @Test func writersRefuseALinePastTheCapsAndTakeOneAtThem() {
    // The caps made small: 4 bytes, 3 values.
    func problem(_ text: String) -> String? {
      PartialFormat.lineLimitProblem(text, limit: 4, values: 3)
    }
    #expect(problem("[0]\n[12]\n[[]\n") == nil)
    #expect(
      problem("[0]\n[0,12]\n")?.hasPrefix("expected partial lines of at most 4 bytes") == true)
    #expect(problem("[0]\n[[[\n")?.hasPrefix("expected partial lines of at most 3 values") == true)
  }

  @Test func valuesAreCountedOutsideStringsOnly() {
    // `[`, then a comma per value: the third item is at the first comma.
    #expect(PartialLineBuffer.valueLimitOffset(Array("[0,0,0]".utf8), limit: 2) == 2)
    #expect(PartialLineBuffer.valueLimitOffset(Array("[0,0,0]".utf8), limit: 4) == nil)
    // Commas, colons and brackets in a string, escaped quotes included.
    let text = Array(#""a,b:[{\",c,d""#.utf8)
    #expect(PartialLineBuffer.valueLimitOffset(text, limit: 1) == nil)
  }

  @Test func aLineOfTooManyValuesIsRefusedBeforeItIsParsed() {
    let limit = PartialLineBuffer.maximumValueCount
    let header = try! String(
      contentsOf: packageRoot.appendingPathComponent("tools/fuzz-corpus/partial/no-traces.part"),
      encoding: .utf8
    ).split(separator: "\n")[0]
    let line = "{\"id\":\"a\",\"values\":[" + String(repeating: "0,", count: limit) + "0]}"
    var reader = PartialReader()
    do throws(PartialProblem) {
      _ = try reader.read(Array(header.utf8))
      _ = try reader.read(Array(line.utf8))
      Issue.record("read a line of too many values")
    } catch {
      // `{"id":"a","values":[` makes six items; the rest are the commas.
      let column = 20 + 2 * (limit + 1 - 6)
      #expect(
        error.description
          == "2:\(column): expected a line of at most \(limit) values, found more")
    }
  }
}
