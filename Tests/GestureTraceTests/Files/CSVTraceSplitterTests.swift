import Foundation
import Testing

@testable import GestureTrace

@Suite struct CSVTraceSplitterTests {
  static let text = """
    # gesturetrace: 1
    # source: test
    trace,t,phase,tx,ty
    # trace a intent: complete
    a,0,began,0,0
    a,1,ended,0,5
    # trace b intent: cancel

    b,0,began,0,0
    b,1,ended,0,1
    c,0,began,0,0
    c,1,ended,0,1

    """

  func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    Array(text.utf8).withUnsafeBufferPointer(body)
  }

  @Test func thePreambleEndsAfterTheHeader() {
    let preamble = withBytes(Self.text) { CSVTraceSplitter.preamble($0, isWholeFile: true) }
    // "# gesturetrace: 1\n" (18) + "# source: test\n" (15) + header (20).
    guard case .header(let end, let idField) = preamble else {
      Issue.record("no header: \(preamble)")
      return
    }
    #expect(end == 18 + 15 + 20)
    #expect(idField == 0)
    let partial = withBytes("# x: 1\ntrace,t,ph") {
      CSVTraceSplitter.preamble($0, isWholeFile: false)
    }
    guard case .needsMoreBytes = partial else {
      Issue.record("expected to need more bytes: \(partial)")
      return
    }
  }

  /// The cut after each offset, as a file offset.
  func cut(after offset: Int, isFinal: Bool = true) -> Int? {
    var splitter = CSVTraceSplitter(idField: 0)
    let bytes = Array(Self.text.utf8)
    return bytes[(offset - 1)...].withUnsafeBufferPointer {
      splitter.cut(in: $0, isFinal: isFinal).map { $0 + offset - 1 }
    }
  }

  @Test func cutsFollowTheLastRowOfATrace() throws {
    let text = Self.text
    let afterA = try #require(text.range(of: "a,1,ended,0,5\n")).upperBound.utf16Offset(in: text)
    let afterB = try #require(text.range(of: "b,1,ended,0,1\n")).upperBound.utf16Offset(in: text)
    let rowA = try #require(text.range(of: "a,0")).lowerBound.utf16Offset(in: text)
    // From inside a's first row, the first whole row is a's second: the cut
    // follows it, so b's metadata comment starts the next piece.
    #expect(cut(after: rowA + 1) == afterA)
    #expect(cut(after: rowA) == afterA)
    // From a's last row on, the next trace is b.
    #expect(cut(after: afterA - 3) == afterB)
    // After b, only c remains: the cut is the end of the file, or unknown
    // when the bytes might go on.
    #expect(cut(after: afterB) == text.utf8.count)
    #expect(cut(after: afterB, isFinal: false) == nil)
  }

  @Test(arguments: 1...40)
  func piecesReadAsTheWholeFile(pieceSize: Int) throws {
    let root = packageRoot
    let text = try String(
      contentsOf: root.appendingPathComponent("traces/samples/synth.csv"), encoding: .utf8)
    let bytes = Array(text.utf8)
    var whole = CSVTraceDecoder()
    let expected = whole.decode(text)
    guard
      case .header(let end, let idField) = bytes.withUnsafeBufferPointer({
        CSVTraceSplitter.preamble($0, isWholeFile: true)
      })
    else {
      Issue.record("no header")
      return
    }
    // Pieces of about pieceSize × 1 KB, each read after the preamble.
    var splitter = CSVTraceSplitter(idField: idField)
    var items: [TraceFileItem] = []
    var start = end
    var pieces = 0
    while start < bytes.count {
      let offset = start + pieceSize * 1024
      var stop = bytes.count
      if offset < bytes.count {
        stop =
          try #require(
            bytes[(offset - 1)...].withUnsafeBufferPointer { splitter.cut(in: $0, isFinal: true) }
          ) + offset - 1
      }
      var decoder = CSVTraceDecoder()
      bytes[..<end].withUnsafeBufferPointer { decoder.push($0) { _ in } }
      bytes[start..<stop].withUnsafeBufferPointer { decoder.push($0) { items.append($0) } }
      #expect(!decoder.hasPendingTraceMetadata)
      decoder.finish { items.append($0) }
      start = stop
      pieces += 1
    }
    #expect(pieces > 1)
    // Line numbers restart in each piece; everything else is the same.
    func traces(_ items: [TraceFileItem]) -> [Trace] {
      items.compactMap { if case .trace(let trace, _) = $0 { trace } else { nil } }
    }
    #expect(traces(items) == traces(expected))
    #expect(traces(items).count == expected.count)
  }
}
