import Testing

@testable import GestureTrace

@Suite struct GeteventLogParserTests {
  static let logPath =
    "getevent/Nutriz_android-touch-record-replay_pr3__wikipedia_scenarios_replay_recordings.txt"

  /// The 17 touches touchstats.py lists for the log in data/devices/README.md.
  static let facts: [TouchFact] = [
    TouchFact(
      start: "69086.043533", end: "69086.153890", updates: 0,
      startPosition: (3549, 29865), endPosition: (3549, 29865)),
    TouchFact(
      start: "69088.582662", end: "69088.786688", updates: 12,
      startPosition: (15503, 26025), endPosition: (14532, 3566)),
    TouchFact(
      start: "69090.629238", end: "69090.899066", updates: 12,
      startPosition: (14745, 24950), endPosition: (15169, 0)),
    TouchFact(
      start: "69092.940675", end: "69093.171554", updates: 11,
      startPosition: (14108, 19779), endPosition: (14108, 0)),
    TouchFact(
      start: "69095.191990", end: "69095.331278", updates: 0,
      startPosition: (16353, 29268), endPosition: (16353, 29268)),
    TouchFact(
      start: "69097.736513", end: "69097.831187", updates: 0,
      startPosition: (8555, 4641), endPosition: (8555, 4641)),
    TouchFact(
      start: "69102.980256", end: "69103.102761", updates: 0,
      startPosition: (11013, 5904), endPosition: (11013, 5904)),
    TouchFact(
      start: "69106.894801", end: "69106.993877", updates: 0,
      startPosition: (12500, 8959), endPosition: (12500, 8959)),
    TouchFact(
      start: "69110.220853", end: "69110.322613", updates: 0,
      startPosition: (2457, 1092), endPosition: (2457, 1092)),
    TouchFact(
      start: "69114.501404", end: "69114.593870", updates: 0,
      startPosition: (16353, 29456), endPosition: (16353, 29456)),
    TouchFact(
      start: "69116.755090", end: "69116.862256", updates: 0,
      startPosition: (7372, 32084), endPosition: (7372, 32084)),
    TouchFact(
      start: "69117.872264", end: "69117.959601", updates: 0,
      startPosition: (9830, 29148), endPosition: (9830, 29148)),
    TouchFact(
      start: "69119.889592", end: "69120.008028", updates: 0,
      startPosition: (7281, 31674), endPosition: (7281, 31674)),
    TouchFact(
      start: "69122.669775", end: "69122.755565", updates: 0,
      startPosition: (1820, 2303), endPosition: (1820, 2303)),
    TouchFact(
      start: "69124.686288", end: "69124.789793", updates: 0,
      startPosition: (1820, 2303), endPosition: (1820, 2303)),
    TouchFact(
      start: "69127.333004", end: "69127.429505", updates: 0,
      startPosition: (2578, 29626), endPosition: (2578, 29626)),
    TouchFact(
      start: "69129.011134", end: "69129.209076", updates: 10,
      startPosition: (16262, 23141), endPosition: (18598, 0)),
  ]

  @Test func realLogHasSeventeenTouchesAndNoProblems() throws {
    var parser = GeteventLogParser()
    let log = parser.decode(try ImportTestSupport.deviceData(Self.logPath))
    #expect(log.problems == [])
    #expect(log.touches.count == 17)
    #expect(log.touches.allSatisfy { $0.isComplete })
  }

  @Test(arguments: 0..<17)
  func realLogTouchMatchesTouchstats(_ index: Int) throws {
    var parser = GeteventLogParser()
    let log = parser.decode(try ImportTestSupport.deviceData(Self.logPath))
    try #require(log.touches.count == 17)
    Self.facts[index].check(log.touches[index])
  }

  @Test(arguments: [1, 7, 100, 4096])
  func chunkSizeDoesNotChangeTheResult(_ chunkSize: Int) throws {
    let text = try ImportTestSupport.deviceData(Self.logPath)
    var whole = GeteventLogParser()
    var chunked = GeteventLogParser()
    #expect(
      ImportTestSupport.decode(text, chunkSize: chunkSize, with: &chunked)
        == whole.decode(text))
  }

  @Test func secondTouchSamplesAreTheFramesWithNewPositions() throws {
    // The second touch's first frames, from the log: 0x3c8f = 15503,
    // 0x65a9 = 26025, then y 0x6532 = 25906 at .688018 and 0x6387 = 25479
    // at .695975; the lift frame at .786688 repeats the last position
    // (0x38c4 = 14532, 0x0dee = 3566).
    var parser = GeteventLogParser()
    let log = parser.decode(try ImportTestSupport.deviceData(Self.logPath))
    let samples = try #require(log.touches.dropFirst().first).samples
    #expect(
      samples.prefix(3) == [
        PointerSample(
          time: .microseconds(69_088_582_662),
          position: Vector2D(x: 15503, y: 26025), action: .down),
        PointerSample(
          time: .microseconds(69_088_688_018),
          position: Vector2D(x: 15503, y: 25906), action: .move),
        PointerSample(
          time: .microseconds(69_088_695_975),
          position: Vector2D(x: 15503, y: 25479), action: .move),
      ])
    #expect(
      samples.last
        == PointerSample(
          time: .microseconds(69_088_786_688),
          position: Vector2D(x: 14532, y: 3566), action: .up))
    // 1 down + 12 moves + 1 up: the lift frame changes nothing.
    #expect(samples.count == 14)
  }

  static let labelledLog = """
    add device 1: /dev/input/event4
      name:     "gpio-keys"
    add device 2: /dev/input/event2
      name:     "synaptics_dsx"
    could not get driver version for /dev/input/mouse0, Not a typewriter
    [   12345.678901] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   0000002a
    [   12345.678901] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    000002a8
    [   12345.678901] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000100
    [   12345.678901] /dev/input/event2: EV_KEY       BTN_TOUCH            DOWN
    [   12345.678901] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [   12345.687000] /dev/input/event4: EV_KEY       KEY_VOLUMEDOWN       DOWN
    [   12345.687000] /dev/input/event4: EV_SYN       SYN_REPORT           00000000
    [   12345.695123] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000110
    [   12345.695123] /dev/input/event2: EV_ABS       ABS_MT_PRESSURE      00000031
    [   12345.695123] /dev/input/event2: EV_SYN       SYN_REPORT           00000000 rate 111
    [   12345.703004] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [   12345.703004] /dev/input/event2: EV_KEY       BTN_TOUCH            UP
    [   12345.703004] /dev/input/event2: EV_SYN       SYN_REPORT           00000000

    """

  @Test func readsLabelledLogWithDevicePrefixesAndRates() {
    var parser = GeteventLogParser()
    let log = parser.decode(Self.labelledLog.replacingOccurrences(of: "\n", with: "\r\n"))
    #expect(log.problems == [])
    try? #require(log.touches.count == 1)
    guard let touch = log.touches.first else { return }
    // 0x2a8 = 680, 0x100 = 256, 0x110 = 272.
    #expect(
      touch.samples == [
        PointerSample(
          time: .microseconds(12_345_678_901),
          position: Vector2D(x: 680, y: 256), action: .down),
        PointerSample(
          time: .microseconds(12_345_695_123),
          position: Vector2D(x: 680, y: 272), action: .move),
        PointerSample(
          time: .microseconds(12_345_703_004),
          position: Vector2D(x: 680, y: 272), action: .up),
      ])
    #expect(touch.device.node == "/dev/input/event2")
    #expect(touch.device.name == "synaptics_dsx")
    #expect(touch.line == 10)
  }

  @Test func readsAxisRangesFromCapabilityListing() {
    let text = """
      add device 1: /dev/input/event2
        name:     "touchscreen"
        events:
          ABS (0003): 0035  : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 12
                      0036  : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 12
      [     1.000000] /dev/input/event2: 0003 0039 00000001
      [     1.000000] /dev/input/event2: 0003 0035 00000010
      [     1.000000] /dev/input/event2: 0003 0036 00000020
      [     1.000000] /dev/input/event2: 0000 0000 00000000
      [     1.010000] /dev/input/event2: 0003 0039 ffffffff
      [     1.010000] /dev/input/event2: 0000 0000 00000000

      """
    var parser = GeteventLogParser()
    let log = parser.decode(text)
    #expect(log.problems == [])
    let device = log.touches.first?.device
    #expect(device?.x == AxisInfo(minimum: 0, maximum: 1079, resolution: 12))
    #expect(device?.y == AxisInfo(minimum: 0, maximum: 2339, resolution: 12))
    #expect(log.touches.first?.samples.map(\.action) == [.down, .up])
  }

  @Test func followsOnlyTheFirstFinger() {
    // Slot 0 goes down at 1.0; slot 1 joins at 1.1 and moves; slot 0
    // lifts at 1.2 while slot 1 is still down; slot 1 lifts at 1.3. Only
    // slot 0's touch is produced, and slot 1 is not picked up mid-touch.
    let text = """
      [ 1.000000] 0003 002f 00000000
      [ 1.000000] 0003 0039 00000005
      [ 1.000000] 0003 0035 00000064
      [ 1.000000] 0003 0036 000000c8
      [ 1.000000] 0000 0000 00000000
      [ 1.100000] 0003 002f 00000001
      [ 1.100000] 0003 0039 00000006
      [ 1.100000] 0003 0035 00000300
      [ 1.100000] 0003 0036 00000300
      [ 1.100000] 0000 0000 00000000
      [ 1.150000] 0003 0035 00000310
      [ 1.150000] 0000 0000 00000000
      [ 1.200000] 0003 002f 00000000
      [ 1.200000] 0003 0039 ffffffff
      [ 1.200000] 0000 0000 00000000
      [ 1.250000] 0003 002f 00000001
      [ 1.250000] 0003 0035 00000320
      [ 1.250000] 0000 0000 00000000
      [ 1.300000] 0003 0039 ffffffff
      [ 1.300000] 0000 0000 00000000

      """
    var parser = GeteventLogParser()
    let log = parser.decode(text)
    #expect(log.problems == [])
    // 0x64 = 100, 0xc8 = 200.
    #expect(
      log.gestures == [
        [
          PointerSample(
            time: .milliseconds(1_000), position: Vector2D(x: 100, y: 200), action: .down),
          PointerSample(
            time: .milliseconds(1_200), position: Vector2D(x: 100, y: 200), action: .up),
        ]
      ])
  }

  @Test func reportsMalformedLinesAndReadsOnAfterThem() {
    let text = """
      [ 1.000000] 0003 0039 00000001
      [ 1.000000] 0003 0035 0000zz10
      [ 1.0x0000] 0003 0036 00000020
      [ 1.000000] 0003 0036 00000020
      [ 1.000000] 0003
      [ 1.000000] 0000 0000 00000000 extra
      [ 1.000000] 0003 0035 00000010
      [ 1.000000] 0000 0000 00000000
      [ 2.000000] 0003 0039 ffffffff
      [ 2.000000] 0000 0000 00000000
      [ 3.000000
      """
    var parser = GeteventLogParser()
    let log = parser.decode(text)
    // Columns: '[' is 1, the time 3-10, ']' 11, the type 13-16, the code
    // 18-21, the value 23-30, 'extra' 32; line 5 ends after column 16.
    #expect(
      log.problems.map(\.description) == [
        "2:23: expected a hexadecimal value such as '000002a8', found '0000zz10'",
        "3:3: expected a timestamp 'seconds.microseconds', found '1.0x0000'",
        "5:17: expected an event 'type code value', found '0003'",
        "6:32: expected the end of the line, found 'extra'",
        "11:1: expected a timestamp '[seconds.microseconds]', found '[ 3.000000'",
      ])
    // 0x10 = 16, 0x20 = 32; the frame at line 8 puts the finger down.
    #expect(
      log.gestures == [
        [
          PointerSample(
            time: .milliseconds(1_000), position: Vector2D(x: 16, y: 32), action: .down),
          PointerSample(time: .milliseconds(2_000), position: Vector2D(x: 16, y: 32), action: .up),
        ]
      ])
  }

  @Test func untimedEventLinesAreReportedOnceWithHowToRecordTimes() {
    var parser = GeteventLogParser()
    let log = parser.decode("/dev/input/event2: 0003 0039 00000001\n0003 0035 00000001\n")
    #expect(
      log.problems.map(\.description) == [
        "1:1: expected a timestamp '[seconds.microseconds]' before the event, found "
          + "'/dev/input/event2:': getevent prints times only with -t, so record with "
          + "'adb shell getevent -lt <device>' (events without a time are skipped and not "
          + "reported again)"
      ])
  }

  /// The labelled sample without its timestamps, as `getevent -l` prints
  /// it: 77 event lines, one problem, no touch.
  @Test func labelledLogWithoutTimesGivesOneProblem() throws {
    let url = packageRoot.appendingPathComponent(
      "traces/samples/swipes.getevent.txt")
    let text = try String(contentsOf: url, encoding: .utf8)
    let untimed = text.split(separator: "\n").map { line in
      line.drop { $0 != "]" }.dropFirst().drop { $0 == " " }
    }
    #expect(untimed.count == 77)
    #expect(untimed.allSatisfy { $0.hasPrefix("EV_") })
    var parser = GeteventLogParser()
    let log = parser.decode(untimed.joined(separator: "\n") + "\n")
    #expect(log.touches.isEmpty)
    #expect(log.problems.map(\.line) == [1])
    #expect(log.problems.first?.message.contains("'adb shell getevent -lt <device>'") == true)
  }

  @Test func hugeTimestampsAndValuesAreProblemsNotOverflows() {
    // 3999999999.999999 s is the largest time accepted (the trace format's limit).
    let text = """
      [9999999999.999999] 0003 0039 00000001
      [99999999999.000000] 0003 0039 00000001
      [ 1.0000000000] 0003 0039 00000001
      [ 1.000000] 0003 0039 100000000
      [3999999999.999999] 0000 0000 00000000
      """
    var parser = GeteventLogParser()
    let log = parser.decode(text)
    #expect(log.problems.map(\.line) == [1, 2, 3, 4])
  }

  @Test func touchStillDownAtTheEndIsCancelled() {
    let text = """
      [ 5.000000] 0003 0039 00000001
      [ 5.000000] 0003 0035 00000001
      [ 5.000000] 0003 0036 00000002
      [ 5.000000] 0000 0000 00000000
      [ 5.500000] 0003 0036 00000003
      """
    var parser = GeteventLogParser()
    let log = parser.decode(text)
    #expect(log.gestures.first?.map(\.action) == [.down, .cancel])
    #expect(log.gestures.first?.last?.time == .milliseconds(5_500))
  }

  @Test(arguments: 0..<20 as Range<UInt64>)
  func survivesRandomBytes(_ seed: UInt64) {
    var random = ImportRandom(seed: seed)
    var bytes: [UInt8] = []
    for _ in 0..<4_000 {
      // Mostly getevent-ish characters, with some arbitrary bytes.
      let alphabet = Array("[] .0123456789abcdefx\n/:EV_ABS".utf8)
      let pick = random.next() % 10
      bytes.append(
        pick == 0
          ? UInt8(truncatingIfNeeded: random.next())
          : alphabet[Int(random.next() % UInt64(alphabet.count))])
    }
    var parser = GeteventLogParser()
    let log = parser.decode(String(decoding: bytes, as: UTF8.self))
    #expect(log.problems.count <= ProblemReporter.limit + 1)
    for touch in log.touches {
      #expect(touch.samples.first?.action == .down)
    }
  }
}

/// A seeded SplitMix64 generator for the importers' robustness tests.
struct ImportRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
