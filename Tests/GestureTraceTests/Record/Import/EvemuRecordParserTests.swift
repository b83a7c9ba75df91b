import Testing

@testable import GestureTrace

/// One recording in data/devices/evemu/ and what README.md says about it.
struct EvemuCase: Sendable, CustomTestStringConvertible {
  var stem: String
  var hasDescription: Bool
  var name: String
  var xRange: ClosedRange<Int>
  var yRange: ClosedRange<Int>
  var fact: TouchFact

  var testDescription: String { name }

  /// Reads the recording, with its `.desc` file when it has one.
  func decode(chunkSize: Int? = nil) throws -> DeviceLog {
    var device = InputDevice()
    if hasDescription {
      var description = EvemuRecordParser()
      let log = description.decode(try ImportTestSupport.deviceData("evemu/\(stem).desc"))
      #expect(log.problems == [])
      device = description.device
    }
    var parser = EvemuRecordParser(device: device)
    let text = try ImportTestSupport.deviceData("evemu/\(stem).events")
    if let chunkSize {
      return ImportTestSupport.decode(text, chunkSize: chunkSize, with: &parser)
    }
    return parser.decode(text)
  }
}

@Suite struct EvemuRecordParserTests {
  /// The evemu recordings and touchstats.py's facts from data/devices/README.md.
  static let cases: [EvemuCase] = [
    EvemuCase(
      stem: "whot-evemu-devices__Atmel_maXTouch_Touchscreen.1-finger-drag-up-down",
      hasDescription: false, name: "Atmel maXTouch Touchscreen", xRange: 0...799,
      yRange: 0...479,
      fact: TouchFact(
        start: "0.000001", end: "2.199870", updates: 148,
        startPosition: (361, 379), endPosition: (382, 393))),
    EvemuCase(
      stem: "whot-evemu-devices__ELAN_CANDO_Windows7.1-finger-drag-up-down",
      hasDescription: true, name: "ELAN CANDO Windows7", xRange: 0...3008, yRange: 0...1856,
      fact: TouchFact(
        start: "1352020794.138597", end: "1352020796.992387", updates: 258,
        startPosition: (1454, 1117), endPosition: (1434, 625))),
    EvemuCase(
      stem: "whot-evemu-devices__EP0430M09.1-finger-drag-up-down",
      hasDescription: false, name: "EP0430M09", xRange: 0...1279, yRange: 0...767,
      fact: TouchFact(
        start: "0.000001", end: "1.433975", updates: 181,
        startPosition: (605, 136), endPosition: (608, 126))),
    EvemuCase(
      stem: "whot-evemu-devices__SynPS2_Synaptics_TouchPad.leftmove",
      hasDescription: true, name: "SynPS/2 Synaptics TouchPad", xRange: 1472...5472,
      yRange: 1408...4448,
      fact: TouchFact(
        start: "1330050511.580747", end: "1330050516.209979", updates: 255,
        startPosition: (3762, 2714), endPosition: (2450, 2948))),
    EvemuCase(
      stem: "whot-evemu-devices__Wacom_ISDv4_E6_Finger.single-top-swipe",
      hasDescription: true, name: "Wacom ISDv4 E6 Finger", xRange: 0...2776, yRange: 0...1569,
      fact: TouchFact(
        start: "1330495962.164931", end: "1330495963.404910", updates: 108,
        startPosition: (120, 114), endPosition: (2675, 106))),
  ]

  @Test(arguments: cases)
  func recordingHasOneTouchMatchingTouchstats(_ recording: EvemuCase) throws {
    let log = try recording.decode()
    #expect(log.problems == [])
    try #require(log.touches.count == 1)
    recording.fact.check(log.touches[0])
  }

  @Test(arguments: cases)
  func deviceNameAndAxesComeFromHeaderOrDescription(_ recording: EvemuCase) throws {
    let device = try #require(try recording.decode().touches.first).device
    #expect(device.name == recording.name)
    #expect(device.x.map { $0.minimum...$0.maximum } == recording.xRange)
    #expect(device.y.map { $0.minimum...$0.maximum } == recording.yRange)
  }

  @Test(arguments: [1, 13, 1000])
  func chunkSizeDoesNotChangeTheResult(_ chunkSize: Int) throws {
    let recording = Self.cases[0]
    #expect(try recording.decode(chunkSize: chunkSize) == recording.decode())
  }

  @Test func singleTouchDeviceUsesButtonAndAbsoluteAxes() {
    // No ABS_MT_* at all: BTN_TOUCH (0x14a) 1 puts the finger down at
    // ABS_X/ABS_Y, BTN_TOUCH 0 lifts it.
    let text = """
      # EVEMU 1.3
      N: Some Tablet
      A: 00 0 1000 0 0 10
      A: 01 0 500 0 0 10
      E: 0.000001 0003 0000 100
      E: 0.000001 0003 0001 200
      E: 0.000001 0001 014a 1
      E: 0.000001 0000 0000 0
      E: 0.010000 0003 0000 110
      E: 0.010000 0000 0000 0
      E: 0.020000 0003 0018 5
      E: 0.020000 0000 0000 0
      E: 0.030000 0001 014a 0
      E: 0.030000 0000 0000 0
      """
    var parser = EvemuRecordParser()
    let log = parser.decode(text)
    #expect(log.problems == [])
    #expect(
      log.gestures == [
        [
          PointerSample(time: .microseconds(1), position: Vector2D(x: 100, y: 200), action: .down),
          PointerSample(time: .milliseconds(10), position: Vector2D(x: 110, y: 200), action: .move),
          PointerSample(time: .milliseconds(30), position: Vector2D(x: 110, y: 200), action: .up),
        ]
      ])
    #expect(log.touches.first?.device.x == AxisInfo(minimum: 0, maximum: 1000, resolution: 10))
  }

  @Test func protocolATouchEndsWithAnEmptyFrame() {
    // Protocol A: each contact ends with SYN_MT_REPORT (0000 0002); the
    // first contact is followed; a frame without contacts lifts it.
    let text = """
      E: 1.000000 0003 0035 10
      E: 1.000000 0003 0036 20
      E: 1.000000 0000 0002 0
      E: 1.000000 0003 0035 500
      E: 1.000000 0003 0036 500
      E: 1.000000 0000 0002 0
      E: 1.000000 0000 0000 0
      E: 1.010000 0003 0035 12
      E: 1.010000 0003 0036 20
      E: 1.010000 0000 0002 0
      E: 1.010000 0000 0000 0
      E: 1.020000 0000 0002 0
      E: 1.020000 0000 0000 0
      """
    var parser = EvemuRecordParser()
    let log = parser.decode(text)
    #expect(log.problems == [])
    #expect(
      log.gestures == [
        [
          PointerSample(
            time: .milliseconds(1_000), position: Vector2D(x: 10, y: 20), action: .down),
          PointerSample(
            time: .milliseconds(1_010), position: Vector2D(x: 12, y: 20), action: .move),
          PointerSample(time: .milliseconds(1_020), position: Vector2D(x: 12, y: 20), action: .up),
        ]
      ])
  }

  @Test func droppedEventsCancelTheTouch() {
    // SYN_DROPPED (0000 0003) at 1.01: the touch ends cancelled there and
    // the events up to the next SYN_REPORT are ignored.
    let text = """
      E: 1.000000 0003 0039 7
      E: 1.000000 0003 0035 10
      E: 1.000000 0003 0036 20
      E: 1.000000 0000 0000 0
      E: 1.010000 0000 0003 0
      E: 1.010000 0003 0035 99
      E: 1.010000 0000 0000 0
      E: 1.020000 0003 0039 -1
      E: 1.020000 0000 0000 0
      """
    var parser = EvemuRecordParser()
    let log = parser.decode(text)
    #expect(log.gestures.map { $0.map(\.action) } == [[.down, .cancel]])
    #expect(log.gestures.first?.last?.time == .milliseconds(1_010))
  }

  @Test func reportsMalformedLines() {
    let text = """
      E: 0.000001 0003 0039
      E: 0.00000x 0003 0039 1
      E: 0.000001 00003 0039 1
      E: 0.000001 0003 0039 99999999999
      A: 35 0 x 0 0
      X: what
      E: 0.000001 0003 0035 1 # fine
      """
    var parser = EvemuRecordParser()
    let log = parser.decode(text)
    // Columns: 'E:' is 1-2, the time 4-11, the type 13-16 (or 13-17), the
    // code 18-21 (19-22), the value from 23.
    #expect(
      log.problems.map(\.description) == [
        "1:22: expected an event 'E: seconds.microseconds type code value', "
          + "found 'E: 0.000001 0003 0039'",
        "2:4: expected a time 'seconds.microseconds', found '0.00000x'",
        "3:13: expected a hexadecimal event type, found '00003'",
        "4:23: expected a decimal value of 32 bits, found '99999999999'",
        "5:1: expected an axis 'A: code min max fuzz flat [resolution]', found 'A: 35 0 x 0 0'",
        "6:1: expected a line starting with 'E:', 'N:', 'A:' or '#', found 'X:'",
      ])
  }
}
