import Testing

@testable import GestureTrace

/// The line reader cuts pushed bytes into the lines of the whole text,
/// wherever the pushes split it, and counts them.
@Suite struct CSVLineReaderTests {
  /// A line as the reader gave it: its bytes, or `nil` for an overlong one,
  /// with the line number after it.
  struct Read: Equatable {
    var bytes: [UInt8]?
    var line: Int
  }

  /// Reads `bytes` pushed in the pieces that start at `cuts`.
  func read(_ bytes: [UInt8], cuts: [Int]) -> [Read] {
    var reader = CSVLineReader()
    var lines: [Read] = []
    func note(_ ended: CSVLineReader.Line) {
      switch ended {
      case .inPlace(let line): lines.append(Read(bytes: Array(line), line: reader.line))
      case .joined(let line): lines.append(Read(bytes: line, line: reader.line))
      case .overlong: lines.append(Read(bytes: nil, line: reader.line))
      }
    }
    let bounds = [0] + cuts + [bytes.count]
    bytes.withUnsafeBufferPointer { all in
      for (lower, upper) in zip(bounds, bounds.dropFirst()) {
        let piece = UnsafeBufferPointer(rebasing: all[lower..<upper])
        guard let base = piece.baseAddress else { continue }
        var start = 0
        while let (ended, next) = reader.nextLine(base, from: start, count: piece.count) {
          note(ended)
          start = next
        }
      }
    }
    if let last = reader.finish() { note(last) }
    return lines
  }

  @Test func linesOfOnePushAreCutAtLineFeedsAndNumbered() {
    let text = Array("trace,t\n\n# c\r\nlast".utf8)
    #expect(
      read(text, cuts: []) == [
        Read(bytes: Array("trace,t".utf8), line: 1), Read(bytes: [], line: 2),
        Read(bytes: Array("# c\r".utf8), line: 3), Read(bytes: Array("last".utf8), line: 4),
      ])
    // A text that ends with a line feed has no last line to finish.
    #expect(read(Array("a\nbb\n".utf8), cuts: []).map(\.line) == [1, 2])
    #expect(read([], cuts: []) == [])
  }

  /// Every way of cutting a text in two or three gives the lines of one
  /// push (the eight-byte search and the carried bytes meet at every
  /// offset).
  @Test func pushesSplitAtEveryByteGiveTheLinesOfOnePush() {
    let text = Array("# gesturetrace: 1\ntrace,t,phase,tx,ty\ng1,0,began,0,0\n\nx\né,1\n".utf8)
    let whole = read(text, cuts: [])
    #expect(whole.count == 6)
    for cut in 0...text.count {
      #expect(read(text, cuts: [cut]) == whole)
      for second in cut...text.count where second % 5 == 0 {
        #expect(read(text, cuts: [cut, second]) == whole)
      }
    }
  }

  /// A line over the cap is overlong wherever it is cut, without its bytes
  /// being kept, and the lines around it are read and counted as usual.
  @Test func aLineOverTheCapIsOverlongWhereverItIsCut() {
    let cap = CSVLineReader.maximumLineLength
    let text = Array("a\n".utf8) + [UInt8](repeating: 0x62, count: cap + 1) + Array("\nc\n".utf8)
    let expected = [
      Read(bytes: [0x61], line: 1), Read(bytes: nil, line: 2), Read(bytes: [0x63], line: 3),
    ]
    #expect(read(text, cuts: []) == expected)
    for cut in [1, 2, 3, 100, cap, cap + 2, cap + 3, cap + 4] {
      #expect(read(text, cuts: [cut]) == expected)
    }
    // A line of exactly the cap is a line, in one push or carried over.
    let atCap = [UInt8](repeating: 0x62, count: cap)
    #expect(read(atCap + [0x0A], cuts: [cap / 2]) == [Read(bytes: atCap, line: 1)])
    // An overlong last line without a line feed is reported at the end.
    #expect(read(Array(text.dropLast(3)), cuts: [5]).last == Read(bytes: nil, line: 2))
  }
}
