import Testing

@testable import GestureTrace

@Suite struct PointerSampleReaderTests {
  static func read(_ text: String, exponent: Int = 0) -> [PointerSampleItem] {
    var reader = PointerSampleReader(timeExponent: exponent)
    return reader.read(text)
  }

  static func gestures(_ items: [PointerSampleItem]) -> [RawGesture] {
    items.compactMap { if case .gesture(let gesture) = $0 { gesture } else { nil } }
  }

  static func problems(_ items: [PointerSampleItem]) -> [String] {
    items.compactMap { if case .problem(let problem) = $0 { "\(problem)" } else { nil } }
  }

  @Test func withoutEventTheFirstRowIsDownAndTheLastIsUp() throws {
    let items = Self.read("t,x,y\n0,1,2\n0.5,3,4\n1,5,6\n")
    let gesture = try #require(Self.gestures(items).first)
    #expect(Self.problems(items) == [])
    #expect(gesture.samples.map(\.action) == [.down, .move, .up])
    #expect(gesture.samples.map(\.time) == [.zero, .milliseconds(500), .seconds(1)])
    #expect(gesture.samples.last?.position == Vector2D(x: 5, y: 6))
    #expect(gesture.traceID == nil)
    #expect(gesture.line == 2)
  }

  @Test func traceColumnSplitsGesturesAndKeepsIDs() {
    let items = Self.read("y,x,t,trace\n0,0,0,a\n5,0,1,a\n9,0,0,b\n")
    let gestures = Self.gestures(items)
    #expect(gestures.map(\.traceID) == ["a", "b"])
    #expect(gestures.map { $0.samples.map(\.action) } == [[.down, .up], [.down, .up]])
    // A one-row gesture lifts where it touched down.
    #expect(gestures[1].samples.map(\.position) == [Vector2D(x: 0, y: 9), Vector2D(x: 0, y: 9)])
  }

  @Test func eventColumnGivesEachGestureAtItsLift() {
    let text = "t,x,y,event\n0,0,0,down\n1,0,1,move\n2,0,2,up\n3,5,5,down\n4,5,5,cancel\n"
    let gestures = Self.gestures(Self.read(text))
    #expect(gestures.count == 2)
    #expect(gestures[0].samples.map(\.action) == [.down, .move, .up])
    #expect(gestures[1].samples.map(\.action) == [.down, .cancel])
    #expect(gestures[1].line == 5)
  }

  @Test(
    arguments: [
      (0, "1.5", 1_500_000_000), (-3, "1.5", 1_500_000), (-6, "1.5", 1_500), (-9, "15", 15),
      (-3, "0.000001", 1), (-9, "1.5", 2), (-9, "2.5", 2),
    ] as [(Int, String, Int64)])
  func timesConvertExactlyFromTheUnit(_ exponent: Int, _ text: String, _ nanoseconds: Int64) {
    // 1.5 ms = 1,500,000 ns; 0.000001 ms = 1 ns; 1.5 ns and 2.5 ns round
    // half to even: 2 ns.
    let gestures = Self.gestures(Self.read("t,x,y\n\(text),0,0\n", exponent: exponent))
    #expect(gestures.first?.samples.first?.time.nanoseconds == nanoseconds)
  }

  @Test(arguments: [1, 2, 5, 13, 4096])
  func chunkSizeDoesNotMatter(_ size: Int) {
    let text =
      "\u{FEFF}# comment\r\ntrace,t,x,y,event,extra\r\n\r\na,0,0,0,down,q\r\na,1,0,9,move,q\r\n"
      + "a,2,0,20,up,q\r\nb,3,1,1,down,q\r\nb,4,x,1,up,q\r\nc,5,1,1,down,q\r\nc,6,1,1,up,q"
    let whole = Self.read(text)
    var reader = PointerSampleReader()
    var items: [PointerSampleItem] = []
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
      let end = min(start + size, bytes.count)
      bytes[start..<end].withUnsafeBufferPointer { reader.push($0) { items.append($0) } }
      start = end
    }
    reader.finish { items.append($0) }
    #expect(items == whole)
    #expect(Self.gestures(items).map(\.traceID) == ["a", "c"])
    #expect(Self.problems(items) == ["8:5: expected a finite number for 'x', found 'x'"])
  }

  @Test(arguments: [
    ("x,y\n", "1:1: expected a header with the columns t, x and y; 't' is missing in 'x,y'"),
    ("t,y\n", "1:1: expected a header with the columns t, x and y; 'x' is missing in 't,y'"),
    (
      "a,b\n",
      "1:1: expected a header with the columns t, x and y; 't', 'x', 'y' are missing in 'a,b'"
    ),
    (
      "t,x,y,t\n",
      "1:7: expected a header with the columns t, x and y, each once; column 't' repeats in 't,x,y,t'"
    ),
  ])
  func brokenHeadersEndReading(_ text: String, _ message: String) {
    let items = Self.read(text + "0,0,0\n")
    #expect(Self.problems(items) == [message])
    #expect(Self.gestures(items).isEmpty)
  }

  @Test(arguments: [
    ("t,x,y\n0,0,0\nabc,0,0\n", "3:1: expected a time in seconds, found 'abc'"),
    ("t,x,y\n0,0,0\n1,1e400,0\n", "3:3: expected a finite number for 'x', found '1e400'"),
    ("t,x,y\n0,0,0\n1,0\n", "3:1: expected 3 fields as in the header, found 2"),
    (
      "t,x,y\n1,0,0\n0.5,0,0\n",
      "3:1: expected a time no earlier than the previous sample's, found 0.5 after 1"
    ),
    (
      "t,x,y,event\n0,0,0,press\n",
      "2:7: expected an event ('down', 'move', 'up' or 'cancel'), found 'press'"
    ),
    ("t,x,y,event\n0,0,0,move\n", "2:7: expected 'down' to start a gesture, found 'move'"),
    (
      "t,x,y,event\n0,0,0,down\n1,0,0,move\n",
      "3:1: expected the gesture that began on line 2 to end with 'up' or 'cancel', found the end of the input"
    ),
    (
      "trace,t,x,y,event\na,0,0,0,down\nb,0,0,0,down\nb,1,0,0,up\n",
      "2:1: expected trace 'a' to end with 'up' or 'cancel', found the end of its rows (its gesture began on line 2)"
    ),
    (
      "trace,t,x,y,event\na,0,0,0,down\na,1,0,0,up\na,2,0,0,down\na,3,0,0,up\n",
      "4:9: expected one gesture in trace 'a', found a second 'down'"
    ),
    (
      "trace,t,x,y\na,0,0,0\nb,0,0,0\na,1,0,0\n",
      "4:1: expected the rows of trace 'a' to be together, found more of them"
    ),
    (
      "trace,t,x,y\n\"a b\",0,0,0\n",
      "2:2: expected a trace id without spaces or control characters, found 'a b'"
    ),
  ])
  func badRowsAreReportedWithLineAndColumn(_ text: String, _ message: String) {
    #expect(Self.problems(Self.read(text)) == [message])
  }

  @Test func aProblemDropsOnlyItsGesture() {
    // Without a trace column, the rows after a bad one are skipped until the
    // next 'down'; with one, until the next trace.
    let events = "t,x,y,event\n0,0,0,down\n1,x,0,move\n2,0,0,up\n3,0,0,down\n4,0,0,up\n"
    let eventItems = Self.read(events)
    #expect(Self.problems(eventItems) == ["3:3: expected a finite number for 'x', found 'x'"])
    #expect(Self.gestures(eventItems).map(\.line) == [5])
    let traces = "trace,t,x,y\na,0,0,0\na,x,0,0\na,2,0,0\nb,0,0,0\n"
    let traceItems = Self.read(traces)
    #expect(Self.problems(traceItems) == ["3:3: expected a time in seconds, found 'x'"])
    #expect(Self.gestures(traceItems).map(\.traceID) == ["b"])
  }

  @Test func downWhileDownStartsOverAfterReportingIt() {
    let items = Self.read("t,x,y,event\n0,0,0,down\n1,0,0,down\n2,0,0,up\n")
    #expect(
      Self.problems(items) == [
        "3:7: expected 'move', 'up' or 'cancel' after the 'down' on line 2, found 'down'"
      ])
    #expect(Self.gestures(items).map(\.line) == [3])
  }

  @Test func inputWithoutHeaderIsAProblemAndHeaderAloneIsEmpty() {
    // Issue 7: an empty input is reported, as for trace files, at its last
    // line (the comment and blank line make 2).
    let expected = "expected a header with the columns t, x and y, found the end of the input"
    #expect(Self.problems(Self.read("")) == ["1:1: \(expected)"])
    #expect(Self.problems(Self.read("# only a comment\n\n")) == ["2:1: \(expected)"])
    #expect(Self.read("t,x,y\n").isEmpty)
  }

  @Test func problemsStopAfterOneHundredWithANotice() {
    // One bad row in each of 102 traces `t100` … `t201`; `t100,0,` is 7 bytes.
    let rows = (100..<202).map { "t\($0),0,x,0\n" }.joined()
    let problems = Self.problems(Self.read("trace,t,x,y\n" + rows))
    #expect(problems.count == 101)
    #expect(problems.first == "2:8: expected a finite number for 'x', found 'x'")
    #expect(problems.dropLast().last == "101:8: expected a finite number for 'x', found 'x'")
    #expect(
      problems.last
        == "102:8: expected at most 100 problems, found more; the rest are not reported")
  }
}
