import Foundation
import Testing

@testable import GestureTrace

@Suite struct RawInputSnifferTests {
  static func verdict(_ text: String, isComplete: Bool = true) -> RawInputSniffer.Verdict {
    var sniffer = RawInputSniffer()
    return sniffer.verdict(Array(text.utf8), isComplete: isComplete)
  }

  /// Every real log in data/devices and traces/samples, and the format its
  /// README says it is in.
  @Test(arguments: [
    (
      "devices",
      "getevent/Nutriz_android-touch-record-replay_pr3__"
        + "wikipedia_scenarios_replay_recordings.txt",
      RawInputFormat.getevent(labels: false, timestamps: true)
    ),
    (
      "devices",
      "evemu/whot-evemu-devices__Atmel_maXTouch_Touchscreen.1-finger-drag-up-down.events",
      .evemu
    ),
    (
      "devices", "evemu/whot-evemu-devices__ELAN_CANDO_Windows7.1-finger-drag-up-down.events",
      .evemu
    ),
    (
      "devices", "evemu/whot-evemu-devices__ELAN_CANDO_Windows7.1-finger-drag-up-down.desc",
      .evemu
    ),
    ("devices", "evemu/whot-evemu-devices__EP0430M09.1-finger-drag-up-down.events", .evemu),
    ("devices", "evemu/whot-evemu-devices__SynPS2_Synaptics_TouchPad.leftmove.events", .evemu),
    ("devices", "evemu/whot-evemu-devices__Wacom_ISDv4_E6_Finger.single-top-swipe.desc", .evemu),
    ("samples", "swipes.getevent.txt", .getevent(labels: true, timestamps: true)),
    ("samples", "swipes.libinput.yml", .libinput),
    ("samples", "swipe.evemu.events", .evemu),
    ("samples", "synth.csv", .csvSamples),
    ("fixtures", "wacom-single-top-swipe.libinput.yml", .libinput),
  ])
  func realLogsAreToldApart(_ folder: String, _ name: String, _ format: RawInputFormat) throws {
    let text =
      switch folder {
      case "devices": try ImportTestSupport.deviceData(name)
      case "fixtures": try ImportTestSupport.fixture(name)
      default:
        try String(
          contentsOf: packageRoot.appendingPathComponent(
            "traces/samples/\(name)"),
          encoding: .utf8)
      }
    #expect(Self.verdict(text) == .format(format))
    // Byte by byte, as a slow stream: undecided until the line that tells,
    // then the same answer.
    var sniffer = RawInputSniffer()
    var bytes: [UInt8] = []
    var answer = RawInputSniffer.Verdict.undecided
    for byte in text.utf8 {
      bytes.append(byte)
      answer = sniffer.verdict(bytes, isComplete: false)
      if answer != .undecided { break }
    }
    #expect(answer == .format(format))
    #expect(bytes.last == UInt8(ascii: "\n"))
    #expect(bytes.count < text.utf8.count)
  }

  @Test(arguments: [
    // getevent, each way it prints an event.
    (
      "[   69088.582662] 0003 0039 00000000\n",
      RawInputFormat.getevent(labels: false, timestamps: true)
    ),
    (
      "[ 1.000000] /dev/input/event2: EV_ABS ABS_MT_SLOT 00000000\n",
      .getevent(labels: true, timestamps: true)
    ),
    (
      "[ 1.000000] /dev/input/event2: 0003 002f 00000000 rate 120\n",
      .getevent(labels: false, timestamps: true)
    ),
    (
      "/dev/input/event2: EV_ABS ABS_MT_SLOT 00000000\n",
      .getevent(labels: true, timestamps: false)
    ),
    ("EV_ABS       ABS_MT_POSITION_X    00000ddd\r\n", .getevent(labels: true, timestamps: false)),
    ("0003 0035 000002a8\n", .getevent(labels: false, timestamps: false)),
    (
      "add device 1: /dev/input/event2\n  name:     \"touch\"\n",
      .getevent(labels: nil, timestamps: nil)
    ),
    // evemu, by its header comment or its first line.
    ("# EVEMU 1.3\n# Kernel: 6.1\n", .evemu),
    ("N: Some Tablet\nA: 00 0 1000 0 0 10\n", .evemu),
    ("E: 0.000001 0003 0000 100\n", .evemu),
    // libinput record, by its header comment or its keys.
    ("# libinput record\nversion: 1\n", .libinput),
    ("version: 1\nndevices: 1\n", .libinput),
    ("ndevices: 2\n", .libinput),
    // CSV after comments, blank lines, a byte-order mark and \r\n.
    ("\u{FEFF}# recorded on a phone\r\n\r\ntrace,t,x,y,event\r\n", .csvSamples),
    ("time,x,y\n", .csvSamples),
  ])
  func linesTellTheirFormat(_ text: String, _ format: RawInputFormat) {
    #expect(Self.verdict(text) == .format(format))
    // The last line counts without its line break only once the input has
    // ended.
    let cut = String(text.dropLast(text.hasSuffix("\r\n") ? 2 : 1))
    if !cut.contains("\n") {
      #expect(Self.verdict(cut, isComplete: false) == .undecided)
      #expect(Self.verdict(cut) == .format(format))
    }
  }

  @Test(arguments: [
    ("hello world\n", 1),
    ("# a comment\n\nx y z\n", 3),
    ("[not a time] 0003 0039 00000000\n", 1),
    ("[ 1.000000]\n", 1),
    ("version: 1\nname: other\n", 2),
    ("version: 1\n  ndevices: 1\n", 2),
    ("{\"id\":\"g1\",\"events\":[]}\n", 1),
    ("0003 0035 2a8\n", 1),
    ("X: what\n", 1),
  ])
  func anythingElseIsUnknownAtItsLine(_ text: String, _ line: Int) {
    #expect(Self.verdict(text) == .unknown(line: line))
  }

  @Test func emptyInputsAreEmpty() {
    #expect(Self.verdict("") == .empty)
    #expect(Self.verdict("\n  \n# only comments\r\n") == .empty)
    #expect(Self.verdict("# only comments\n", isComplete: false) == .undecided)
    // `version:` alone tells nothing; at the end it is unknown.
    #expect(Self.verdict("version: 1\n") == .unknown(line: 1))
  }

  @Test func aFormatNotToldWithinTheLimitIsUnknown() {
    let comments = String(repeating: "# a comment line of some length\n", count: 3_000)
    #expect(comments.utf8.count > RawInputSniffer.limit)
    #expect(Self.verdict(comments, isComplete: false) == .unknown(line: 0))
    let long = String(repeating: "x", count: RawInputSniffer.limit)
    #expect(Self.verdict(long, isComplete: false) == .unknown(line: 0))
  }

  @Test func descriptionsNameTheRecordingCommand() {
    #expect(RawInputFormat.csvSamples.description == "CSV samples")
    #expect(
      RawInputFormat.getevent(labels: true, timestamps: true).description
        == "a 'getevent -lt' log")
    #expect(
      RawInputFormat.getevent(labels: false, timestamps: true).description
        == "a 'getevent -t' log")
    #expect(
      RawInputFormat.getevent(labels: true, timestamps: false).description
        == "a getevent log without timestamps")
    #expect(RawInputFormat.evemu.description == "an evemu-record log")
    #expect(RawInputFormat.libinput.description == "a 'libinput record' file")
  }
}
