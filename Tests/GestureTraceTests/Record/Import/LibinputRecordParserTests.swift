import Testing

@testable import GestureTrace

@Suite struct LibinputRecordParserTests {
  static let fixture = "wacom-single-top-swipe.libinput.yml"

  @Test func fixtureGivesTheSameSamplesAsTheEvemuOriginal() throws {
    // The fixture is the Wacom evemu recording rewritten in libinput's
    // layout, with times made relative to the first event
    // (1330495962.164908 s), as libinput record stores them.
    var parser = LibinputRecordParser()
    let log = parser.decode(try ImportTestSupport.fixture(Self.fixture))
    #expect(log.problems == [])
    let original = try EvemuRecordParserTests.cases[4].decode()
    let offset = try #require(TraceTime(decimalSeconds: "1330495962.164908"))
    let shifted = original.gestures.map { gesture in
      gesture.map {
        PointerSample(time: $0.time - offset, position: $0.position, action: $0.action)
      }
    }
    #expect(log.gestures == shifted)
    #expect(log.gestures.count == 1)
  }

  @Test func fixtureMatchesTouchstats() throws {
    // touchstats.py on the fixture: start 0.000023 end 1.240002, 108
    // updates, (120,114) to (2675,106) — the README's Wacom facts shifted.
    var parser = LibinputRecordParser()
    let log = parser.decode(try ImportTestSupport.fixture(Self.fixture))
    try #require(log.touches.count == 1)
    TouchFact(
      start: "0.000023", end: "1.240002", updates: 108,
      startPosition: (120, 114), endPosition: (2675, 106)
    ).check(log.touches[0])
    let device = log.touches[0].device
    #expect(device.name == "Wacom ISDv4 E6 Finger")
    #expect(device.node == "/dev/input/event7")
    #expect(device.x == AxisInfo(minimum: 0, maximum: 2776, resolution: 0))
    #expect(device.y == AxisInfo(minimum: 0, maximum: 1569, resolution: 0))
  }

  @Test(arguments: [1, 5, 64, 100_000])
  func chunkSizeDoesNotChangeTheResult(_ chunkSize: Int) throws {
    let text = try ImportTestSupport.fixture(Self.fixture)
    var whole = LibinputRecordParser()
    var chunked = LibinputRecordParser()
    #expect(
      ImportTestSupport.decode(text, chunkSize: chunkSize, with: &chunked)
        == whole.decode(text))
  }

  static let twoDevices = """
    version: 1
    ndevices: 2
    devices:
      - node: /dev/input/event3
        evdev:
          name: "Power Button"
        events:
          - evdev:
              - [  0,      0,   1, 116,       1] # EV_KEY / KEY_POWER 1
              - [  0,      0,   0,   0,       0] # SYN_REPORT
      - node: /dev/input/event9
        evdev:
          name: "Pad \\"9\\" # not a comment"
          absinfo:
            53: [0, 3200, 0, 0, 32]
            54: [0, 1800, 0, 0, 30]
        events:
          - evdev:
              - [  2,  500000,   3,  57,      12]
              - [  2,  500000,   3,  53,    1600]
              - [  2,  500000,   3,  54,     900]
              - [  2,  500000,   0,   0,       0]
          - libinput:
              - {time: 2.500000, type: TOUCH_DOWN, point: [50.0, 30.0]}
          - evdev:
              - [  2,  508000,   3,  53,    1632]
              - [  2,  508000,   0,   0,       0]
          - evdev:
              - [  2,  516000,   3,  57,      -1]
              - [  2,  516000,   0,   0,       0]

    """

  @Test func readsEveryDeviceWithIndentedSequences() {
    var parser = LibinputRecordParser()
    let log = parser.decode(Self.twoDevices)
    #expect(log.problems == [])
    #expect(
      log.gestures == [
        [
          PointerSample(
            time: .milliseconds(2_500), position: Vector2D(x: 1600, y: 900), action: .down),
          PointerSample(
            time: .milliseconds(2_508), position: Vector2D(x: 1632, y: 900), action: .move),
          PointerSample(
            time: .milliseconds(2_516), position: Vector2D(x: 1632, y: 900), action: .up),
        ]
      ])
    let device = log.touches.first?.device
    #expect(device?.node == "/dev/input/event9")
    #expect(device?.name == #"Pad "9" # not a comment"#)
    // 3200 units at 32 units/mm is 100 mm wide; 1800 at 30 is 60 mm tall.
    #expect(device?.x?.unitsPerMillimetre == 32)
    #expect(device?.y?.unitsPerMillimetre == 30)
  }

  @Test func reportsMalformedEventsAndReadsOn() {
    let text = """
      devices:
      - node: /dev/input/event1
        evdev:
          absinfo:
            53: [0, 3200]
        events:
        - evdev:
          - [0, 0, 3, 57, 1]
          - [0, 0, 3, 53]
          - [0, 1000000, 3, 53, 5]
          - [0, 0, 3, 53, x]
          - [0, 0, 3, 53, 5]
          - [0, 0, 3, 54, 6]
          - [0, 0, 0, 0, 0]
        - evdev:
          - [1, 0, 3, 57, -1]
          - [1, 0, 0, 0, 0]
      \t- oops
      """
    var parser = LibinputRecordParser()
    let log = parser.decode(text)
    #expect(
      log.problems.map(\.description) == [
        "5:11: expected an axis '[min, max, fuzz, flat, resolution]', found '[0, 3200]'",
        "9:7: expected an event '[sec, usec, type, code, value]', found '[0, 0, 3, 53]'",
        "10:7: expected an event with seconds, microseconds below 1000000, a 16-bit type and "
          + "code and a 32-bit value, found '[0, 1000000, 3, 53, 5]'",
        "11:7: expected an event '[sec, usec, type, code, value]', found '[0, 0, 3, 53, x]'",
        "18:1: expected spaces for indentation, found a tab",
      ])
    #expect(
      log.gestures == [
        [
          PointerSample(time: .zero, position: Vector2D(x: 5, y: 6), action: .down),
          PointerSample(time: .milliseconds(1_000), position: Vector2D(x: 5, y: 6), action: .up),
        ]
      ])
  }

  @Test func hugeNumbersAreProblemsNotOverflows() {
    let text = """
      devices:
      - node: /dev/input/event1
        events:
        - evdev:
          - [4000000000, 0, 0, 0, 0]
          - [999999999999999999, 999999, 3, 57, 1]
          - [9999999999999999999, 0, 0, 0, 0]
          - [0, 0, 65536, 0, 0]
          - [0, 0, 3, 57, 2147483648]
          - [3999999999, 999999, 0, 0, 0]
      """
    var parser = LibinputRecordParser()
    let log = parser.decode(text)
    #expect(log.problems.map(\.line) == [5, 6, 7, 8, 9])
    #expect(log.gestures == [])
  }

  @Test(arguments: 0..<20 as Range<UInt64>)
  func survivesRandomMutationsOfTheFixture(_ seed: UInt64) throws {
    var random = ImportRandom(seed: seed)
    var bytes = Array(try ImportTestSupport.fixture(Self.fixture).utf8.prefix(6_000))
    for _ in 0..<40 {
      let index = Int(random.next() % UInt64(bytes.count))
      bytes[index] = UInt8(truncatingIfNeeded: random.next())
    }
    var parser = LibinputRecordParser()
    let log = parser.decode(String(decoding: bytes, as: UTF8.self))
    #expect(log.problems.count <= ProblemReporter.limit + 1)
    for gesture in log.gestures {
      #expect(gesture.first?.action == .down)
      #expect(gesture.last.map { $0.action == .up || $0.action == .cancel } == true)
    }
  }
}
