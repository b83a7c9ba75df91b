import Testing

@testable import GestureTrace

@Suite struct TouchTrackerTests {
  /// A touch on /dev/input/event0 of getevent: down at 1 s, moved at 1.1 s.
  static let start = """
    [   1.000000] 0003 0039 00000000
    [   1.000000] 0003 0035 00000000
    [   1.000000] 0003 0036 00000000
    [   1.000000] 0000 0000 00000000
    [   1.100000] 0003 0035 00000100
    [   1.100000] 0000 0000 00000000

    """

  @Test func clockGoingBackDropsTheTouchAndFollowsTheNextFinger() {
    // Line 7 goes back to 0.5 s; the finger lifts at 0.6 s; a new finger
    // (tracking id 1) touches down at 0.7 s, moves and lifts at 0.9 s.
    let text =
      Self.start + """
        [   0.500000] 0003 0035 00000200
        [   0.500000] 0000 0000 00000000
        [   0.600000] 0003 0039 ffffffff
        [   0.600000] 0000 0000 00000000
        [   0.700000] 0003 0039 00000001
        [   0.700000] 0003 0035 00000010
        [   0.700000] 0003 0036 00000010
        [   0.700000] 0000 0000 00000000
        [   0.800000] 0003 0036 00000090
        [   0.800000] 0000 0000 00000000
        [   0.900000] 0003 0039 ffffffff
        [   0.900000] 0000 0000 00000000

        """
    var parser = GeteventLogParser()
    let log = parser.decode(text)
    #expect(
      log.problems.map(\.description) == [
        "7:1: expected a time no earlier than the previous event's, found 0.5 after 1.1"
      ])
    #expect(log.gestures.count == 1)
    #expect(log.gestures.first?.map(\.action) == [.down, .move, .up])
    #expect(log.gestures.first?.map(\.time) == [700, 800, 900].map { .milliseconds($0) })
    // 0x10 = 16 and 0x90 = 144 device units.
    #expect(log.gestures.first?.map(\.position.y) == [16, 144, 144])
  }

  @Test func equalTimesAreNotAProblem() {
    var parser = GeteventLogParser()
    let log = parser.decode(
      Self.start + "[   1.100000] 0003 0039 ffffffff\n[   1.100000] 0000 0000 00000000\n")
    #expect(log.problems.isEmpty)
    #expect(log.gestures.first?.map(\.action) == [.down, .move, .up])
  }
}
