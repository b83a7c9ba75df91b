import Foundation
import Testing

@testable import GestureTraceCLI

/// One hostile input: a file, the command that reads it, and the one
/// message it must print (`FILE` stands for the file's path).
struct HostileInput: Sendable, CustomTestStringConvertible {
  var name: String
  var fileName: String
  var bytes: [UInt8]
  var command: [String]
  var message: String
  var exit: ExitCode = .dataError

  var testDescription: String { name }
}

/// The bytes of a text with raw bytes spliced in, such as invalid UTF-8.
private func bytes(_ parts: Any...) -> [UInt8] {
  parts.flatMap { part -> [UInt8] in
    if let text = part as? String { return Array(text.utf8) }
    if let raw = part as? [UInt8] { return raw }
    return (part as? [Int] ?? []).map { UInt8($0) }
  }
}

/// A CSV trace file's header.
private let header = "trace,t,phase,tx,ty\n"
/// Two events of a JSON Lines trace.
private let events =
  #"{"t":0,"phase":"began","tx":0,"ty":0},{"t":1,"phase":"ended","tx":1,"ty":1}"#

/// Bad trace files read by `info`, which stops at the first problem.
private let traceFileCases: [HostileInput] = [
  // 'g1,0.01,' is 8 bytes: the phase starts at column 9.
  .csv(
    "truncated after a row", header + "g1,0,began,0,0\ng1,0.01,changed,1,1\n",
    "3:9: expected the trace to end with 'ended' or 'cancelled', found 'changed'"),
  // 'g1,0.01,chan' is 12 bytes; the missing fourth field would be at 13.
  .csv(
    "partial last line", header + "g1,0,began,0,0\ng1,0.01,chan",
    "3:13: expected 5 fields as in the header, found 3"),
  .csv(
    "empty file", "",
    "1:1: expected a header line naming the columns trace, t, phase, tx and ty, found the end "
      + "of the file"),
  .csv(
    "missing column", "trace,t,phase,tx\ng1,0,began,0\n",
    "1:1: expected a header with the columns trace, t, phase, tx and ty; column 'ty' is "
      + "missing in 'trace,t,phase,tx'"),
  // 'trace,t,phase,tx,ty,' is 20 bytes.
  .csv(
    "duplicated column", "trace,t,phase,tx,ty,tx\ng1,0,began,0,0,0\n",
    "1:21: expected each column once in the header, found 'tx' again"),
  .csv(
    "unpaired optional column", "trace,t,phase,tx,ty,vx\n",
    "1:21: expected column 'vy' with column 'vx', found only 'vx'"),
  // 'g1,0,began,0,0,' is 15 bytes: the extra field is at 16.
  .csv(
    "too many fields", header + "g1,0,began,0,0,5\n",
    "2:16: expected 5 fields as in the header, found 6"),
  // 'g1,0,began,0' is 12 bytes.
  .csv(
    "too few fields", header + "g1,0,began,0\n", "2:13: expected 5 fields as in the header, found 4"
  ),
  .csv(
    "unclosed quote", header + "\"g1,0,began,0,0\n",
    "2:1: expected a closing '\"' for the quoted field, found the end of the line"),
  // 'g' is 1 byte: 0xFF is at column 2.
  .csv(
    "invalid UTF-8 in an id", bytes(header, "g", [0xFF], "1,0,began,0,0\n"),
    "2:2: expected valid UTF-8 in the trace id, found byte 0xFF"),
  .csv(
    "invalid UTF-8 in a phase", bytes(header, "g1,0,b", [0xFF], "gan,0,0\n"),
    "2:6: expected a phase ('began', 'changed', 'ended' or 'cancelled'), found 'b\u{FFFD}gan'"),
  // 'g1,0,began,' is 11 bytes.
  .csv(
    "NUL in a number", header + "g1,0,began,0\u{0},0\n",
    "2:12: expected a finite number for 'tx', found '0\\u0000'"),
  .csv(
    "NUL in an id", header + "g\u{0}1,0,began,0,0\n",
    "2:1: expected a trace id without white space, found 'g\\u00001'"),
  .csv(
    "escape sequence in an id", header + "g\u{1B}[2J,0,began,0,0\n",
    "2:1: expected a trace id without white space, found 'g\\u001b[2J'"),
  .csv(
    "NaN", header + "g1,0,began,NaN,0\n", "2:12: expected a finite number for 'tx', found 'NaN'"),
  .csv(
    "Inf", header + "g1,0,began,Inf,0\n", "2:12: expected a finite number for 'tx', found 'Inf'"),
  .csv(
    "-inf", header + "g1,0,began,-inf,0\n",
    "2:12: expected a finite number for 'tx', found '-inf'"),
  .csv(
    "1e400", header + "g1,0,began,1e400,0\n",
    "2:12: expected a finite number for 'tx', found '1e400'"),
  // 'g1,' is 3 bytes.
  .csv(
    "1e400 as a time", header + "g1,1e400,began,0,0\n",
    "2:4: expected a time in seconds, found '1e400'"),
  .csv(
    "decreasing timestamps", header + "g1,1,began,0,0\ng1,0.5,ended,0,0\n",
    "3:4: expected a time no earlier than the previous event's, found 0.5 after 1"),
  .csv(
    "rows not contiguous",
    header + "g1,0,began,0,0\ng1,1,ended,0,0\ng2,0,began,0,0\ng2,1,ended,0,0\n"
      + "g1,2,began,0,0\ng1,3,ended,0,0\n",
    "6:1: expected the rows of trace 'g1' to be contiguous, found a row after other traces' rows"),
  // 'g1,2,' is 5 bytes.
  .csv(
    "event after the end", header + "g1,0,began,0,0\ng1,1,ended,0,0\ng1,2,changed,0,0\n",
    "4:6: expected no event after the end of the trace, found 'changed'"),
  .csv(
    "first event not began", header + "g1,0,changed,0,0\ng1,1,ended,0,0\n",
    "2:6: expected the first event to be 'began', found 'changed'"),
  .csv(
    "second began", header + "g1,0,began,0,0\ng1,1,began,0,0\ng1,2,ended,0,0\n",
    "3:6: expected 'changed', 'ended' or 'cancelled' after the first event, found 'began'"),
  .csv(
    "other format version", "# gesturetrace: 2\n" + header,
    "1:1: expected format version '1', found '2'"),
  // `{"id":"g1","events":[` is 21 bytes, `{"t":0,` 7 more: the quote that
  // opens "ph" is byte 28, column 29.
  .jsonl(
    "partial last line", #"{"id":"g1","events":[{"t":0,"ph"#,
    "1:29: expected '\"' to end the string, found the end of the line"),
  // `{"id":"g` is 8 bytes.
  .jsonl(
    "invalid UTF-8", bytes(#"{"id":"g"#, [0xFF], #"1","events":["#, events, "]}\n"),
    "1:9: expected valid UTF-8, found byte 0xFF"),
  .jsonl(
    "NUL in a string", bytes(#"{"id":"g1"#, [0], #"","events":["#, events, "]}\n"),
    "1:10: expected a control character to be escaped in a string, found U+0000"),
  // 21 + 7 + `"phase":"began",` (16) + `"tx":` (5) = 49 bytes before NaN.
  .jsonl(
    "NaN", #"{"id":"g1","events":[{"t":0,"phase":"began","tx":NaN,"ty":0}]}"# + "\n",
    "1:50: expected a value, found 'NaN'"),
  .jsonl(
    "1e400", #"{"id":"g1","events":[{"t":0,"phase":"began","tx":1e400,"ty":0}]}"# + "\n",
    "1:50: expected a finite number for 'tx', found '1e400'"),
  // 21 + `{"t":` (5) = 26 bytes before the time.
  .jsonl(
    "1e400 as a time", #"{"id":"g1","events":[{"t":1e400,"phase":"began","tx":0,"ty":0}]}"# + "\n",
    "1:27: expected a time within ±4000000000 seconds for 't', found '1e400'"),
  // The first event object starts after 21 bytes.
  .jsonl(
    "first event not began",
    #"{"id":"g1","events":[{"t":0,"phase":"changed","tx":0,"ty":0}]}"# + "\n",
    "1:22: expected the first event to be 'began', found 'changed'"),
  // The first event object is 37 bytes: the second starts after 21 + 37 + 1.
  .jsonl(
    "decreasing timestamps",
    #"{"id":"g1","events":[{"t":1,"phase":"began","tx":0,"ty":0},{"t":0,"phase":"ended","tx":0,"ty":0}]}"#
      + "\n",
    "1:60: expected a time no earlier than the previous event's, found 0 after 1"),
  // `events` is 75 bytes: the third event starts after 21 + 75 + 1.
  .jsonl(
    "event after the end",
    #"{"id":"g1","events":["# + events + #",{"t":2,"phase":"changed","tx":0,"ty":0}]}"# + "\n",
    "1:98: expected no event after the end of the trace, found 'changed'"),
  // `{"id":"g1","events":` is 20 bytes: the 65th level is the 64th '[', at
  // byte 20 + 63 = 83, column 84.
  .jsonl(
    "JSON nested 100,000 deep",
    #"{"id":"g1","events":"# + String(repeating: "[", count: 100_000)
      + String(repeating: "]", count: 100_000) + "}\n",
    "1:84: expected at most 64 levels of nesting, found 65"),
  // The second line's id starts after `{"id":` (6 bytes).
  .jsonl(
    "id used twice",
    #"{"id":"g1","events":["# + events + "]}\n" + #"{"id":"g1","events":["# + events
      + "]}\n",
    "2:7: expected a trace id not used earlier in the file, found 'g1'"),
]

extension HostileInput {
  static func csv(_ name: String, _ text: String, _ message: String) -> HostileInput {
    csv(name, Array(text.utf8), message)
  }

  static func csv(_ name: String, _ bytes: [UInt8], _ message: String) -> HostileInput {
    HostileInput(
      name: "CSV: \(name)", fileName: "bad.csv", bytes: bytes, command: ["info", "FILE"],
      message: "FILE:\(message)")
  }

  static func jsonl(_ name: String, _ text: String, _ message: String) -> HostileInput {
    jsonl(name, Array(text.utf8), message)
  }

  static func jsonl(_ name: String, _ bytes: [UInt8], _ message: String) -> HostileInput {
    HostileInput(
      name: "JSON Lines: \(name)", fileName: "bad.jsonl", bytes: bytes,
      command: ["info", "FILE"], message: "FILE:\(message)")
  }

  static func samples(_ name: String, _ text: String, _ message: String) -> HostileInput {
    HostileInput(
      name: "raw samples: \(name)", fileName: "samples.csv", bytes: Array(text.utf8),
      command: ["record", "--from", "csv", "FILE", "-o", "-"], message: "FILE:\(message)")
  }

  static func getevent(_ name: String, _ bytes: [UInt8], _ message: String) -> HostileInput {
    HostileInput(
      name: "getevent: \(name)", fileName: "log.txt", bytes: bytes,
      command: ["record", "--from", "getevent", "FILE", "--scale", "1", "-o", "-"],
      message: "FILE:\(message)")
  }

  static func libinput(_ name: String, _ text: String, _ message: String) -> HostileInput {
    HostileInput(
      name: "libinput: \(name)", fileName: "log.yml", bytes: Array(text.utf8),
      command: ["record", "--from", "libinput", "FILE", "--scale", "1", "-o", "-"],
      message: "FILE:\(message)")
  }

  static func variantsFile(_ name: String, _ bytes: [UInt8], _ message: String) -> HostileInput {
    HostileInput(
      name: "variants file: \(name)", fileName: "variants.json", bytes: bytes,
      command: ["replay", "TRACES", "--variants-file", "FILE"], message: "FILE:\(message)")
  }
}

/// The header of raw samples with an event column.
private let samplesHeader = "t,x,y,event\n"

/// Bad raw samples, read by `record`, which reports every problem.
private let sampleCases: [HostileInput] = [
  .samples(
    "empty file", "",
    "1:1: expected a header with the columns t, x and y, found the end of the input"),
  .samples(
    "missing column", "t,x\n0,0\n",
    "1:1: expected a header with the columns t, x and y; 'y' is missing in 't,x'"),
  // 't,x,y,' is 6 bytes.
  .samples(
    "duplicated column", "t,x,y,t\n0,0,0,0\n",
    "1:7: expected a header with the columns t, x and y, each once; column 't' repeats in "
      + "'t,x,y,t'"),
  .samples(
    "wrong field count", samplesHeader + "0,0,0\n",
    "2:1: expected 4 fields as in the header, found 3"),
  .samples(
    "unclosed quote", samplesHeader + "\"0,0,0,down\n",
    "2:1: expected a closing '\"' for the quoted field, found the end of the line"),
  // '0,' is 2 bytes: x starts at column 3. Control bytes show as '?'.
  .samples(
    "NUL in a number", samplesHeader + "0,0\u{0},0,down\n",
    "2:3: expected a finite number for 'x', found '0?'"),
  .samples(
    "NaN", samplesHeader + "0,NaN,0,down\n", "2:3: expected a finite number for 'x', found 'NaN'"),
  .samples(
    "Inf", samplesHeader + "0,Inf,0,down\n", "2:3: expected a finite number for 'x', found 'Inf'"),
  .samples(
    "1e400", samplesHeader + "0,1e400,0,down\n",
    "2:3: expected a finite number for 'x', found '1e400'"),
  .samples(
    "1e400 as a time", samplesHeader + "1e400,0,0,down\n",
    "2:1: expected a time in seconds, found '1e400'"),
  .samples(
    "decreasing timestamps", samplesHeader + "0,0,0,down\n0.5,0,50,move\n0.4,0,60,up\n",
    "4:1: expected a time no earlier than the previous sample's, found 0.4 after 0.5"),
  // '0,0,0,' is 6 bytes.
  .samples(
    "first event not down", samplesHeader + "0,0,0,move\n",
    "2:7: expected 'down' to start a gesture, found 'move'"),
  // '0.2,0,60,' is 9 bytes.
  .samples(
    "event after the lift", samplesHeader + "0,0,0,down\n0.1,0,50,up\n0.2,0,60,move\n",
    "4:10: expected 'down' to start a gesture, found 'move'"),
  .samples(
    "truncated in a gesture", samplesHeader + "0,0,0,down\n0.1,0,50,move\n",
    "3:1: expected the gesture that began on line 2 to end with 'up' or 'cancel', found the end "
      + "of the input"),
  .samples(
    "partial last line", samplesHeader + "0,0,0,down\n0.1,0,50,move\n0.2,0,9",
    "4:1: expected 4 fields as in the header, found 3"),
  .samples(
    "rows not contiguous", "trace,t,x,y\na,0,0,0\na,0.1,0,50\nb,0,0,0\nb,0.1,0,50\na,0.2,0,60\n",
    "6:1: expected the rows of trace 'a' to be together, found more of them"),
  // (1e308 - 0) / 0.1 s overflows to an infinite velocity.
  .samples(
    "positions too far apart", "t,x,y\n0,0,0\n0.1,0,1e308\n0.2,0,-1e308\n0.3,0,1e308\n",
    "2:1: expected a finite number in the pan of the touch that starts here, found 'inf'"),
  .samples(
    "a 20 MB line", samplesHeader + String(repeating: "1", count: 20_000_000) + "\n",
    "2:1: expected a line of at most 65536 bytes, found a longer one"),
]

/// A getevent touch: down at (0, 0) at 1 s, moved at 1.1 s.
private let geteventStart = """
  [   1.000000] EV_ABS ABS_MT_TRACKING_ID 00000000
  [   1.000000] EV_ABS ABS_MT_POSITION_X 00000000
  [   1.000000] EV_ABS ABS_MT_POSITION_Y 00000000
  [   1.000000] EV_SYN SYN_REPORT 00000000
  [   1.100000] EV_ABS ABS_MT_POSITION_X 00000100
  [   1.100000] EV_SYN SYN_REPORT 00000000

  """

/// Bad device logs, read by `record`.
private let deviceLogCases: [HostileInput] = [
  // '[   1.000000] EV_ABS       ABS_M' is 32 bytes; the value would be at 33.
  .getevent(
    "partial last line", bytes("[   1.000000] EV_ABS       ABS_M"),
    "1:33: expected an event 'type code value', found 'EV_ABS       ABS_M'"),
  // '[ ' is 2 bytes.
  .getevent(
    "invalid UTF-8 in a time", bytes("[ 1.0", [0xFF], "] EV_SYN SYN_REPORT 00000000\n"),
    "1:3: expected a timestamp 'seconds.microseconds', found '1.0\u{FFFD}'"),
  .getevent(
    "NaN as a time", bytes("[ NaN] EV_SYN SYN_REPORT 00000000\n"),
    "1:3: expected a timestamp 'seconds.microseconds', found 'NaN'"),
  // '[   1.000000] EV_ABS ABS_MT_POSITION_X ' is 13 + 1 + 6 + 1 + 18 + 1 bytes.
  .getevent(
    "a value that is not hexadecimal", bytes("[   1.000000] EV_ABS ABS_MT_POSITION_X 0000zzzz\n"),
    "1:40: expected a hexadecimal value such as '000002a8', found '0000zzzz'"),
  .getevent(
    "decreasing timestamps",
    bytes(geteventStart, "[   0.500000] EV_ABS ABS_MT_POSITION_X 00000200\n"),
    "7:1: expected a time no earlier than the previous event's, found 0.5 after 1.1"),
  .getevent(
    "a 20 MB line", bytes("[ 1.0] EV_SYN SYN_REPORT ", String(repeating: "0", count: 20_000_000)),
    "1:1: expected a line of at most 65536 bytes, found a longer one"),
  // '    - ' is 6 bytes.
  .libinput(
    "an event cut short",
    "version: 1\ndevices:\n- node: x\n  events:\n  - evdev:\n    - [ 0, 5, 3, 5",
    "6:7: expected an event '[sec, usec, type, code, value]', found '[ 0, 5, 3, 5'"),
  .libinput(
    "1e400",
    "version: 1\ndevices:\n- node: x\n  events:\n  - evdev:\n    - [ 0, 5, 3, 53, 1e400]\n",
    "6:7: expected an event '[sec, usec, type, code, value]', found '[ 0, 5, 3, 53, 1e400]'"),
  .libinput(
    "negative microseconds",
    "version: 1\ndevices:\n- node: x\n  events:\n  - evdev:\n    - [ 0, -5, 3, 53, 1]\n",
    "6:7: expected an event with seconds, microseconds below 1000000, a 16-bit type and code and "
      + "a 32-bit value, found '[ 0, -5, 3, 53, 1]'"),
  .libinput(
    "decreasing timestamps",
    "version: 1\ndevices:\n- node: x\n  events:\n  - evdev:\n    - [ 1, 0, 3, 57, 1]\n"
      + "    - [ 0, 5, 3, 53, 1]\n",
    "7:1: expected a time no earlier than the previous event's, found 0.000005 after 1"),
]

/// Bad variants files, read by `replay`.
private let variantsFileCases: [HostileInput] = [
  .variantsFile(
    "empty file", [], "1:1: expected '{' to start a variants object, found the end of the file"),
  // `{"version":1,"sets":{"a":["lyrics-swap"]}` is 41 bytes.
  .variantsFile(
    "truncated", bytes(#"{"version":1,"sets":{"a":["lyrics-swap"]}"#),
    "1:42: expected ',' or '}' after an object member, found the end of the file"),
  // `{"version":1,"sets":` is 20 bytes; the 64th '[' is at 20 + 63 = 83.
  .variantsFile(
    "nested 100,000 deep",
    bytes(#"{"version":1,"sets":"#, String(repeating: "[", count: 100_000)),
    "1:84: expected at most 64 levels of nesting, found 65"),
  // `{"version":1,"sets":{"a":["lyrics-swap` is 38 bytes.
  .variantsFile(
    "NUL in a spec", bytes(#"{"version":1,"sets":{"a":["lyrics-swap"#, [0], #""]}}"#),
    "1:39: expected a control character to be escaped in a string, found U+0000"),
  .variantsFile(
    "invalid UTF-8", bytes(#"{"version":1,"sets":{"a":["lyrics-swap"#, [0xFF], #""]}}"#),
    "1:39: expected valid UTF-8, found byte 0xFF"),
  // `{"version":1,"sets":{"a":[` is 26 bytes.
  .variantsFile(
    "escaped NUL in a spec", bytes(#"{"version":1,"sets":{"a":["lyrics-swap\u0000"]}}"#),
    "1:27: unknown transition 'lyrics-swap\\u0000'; expected one of lyrics-swap, player-sheet, "
      + "music-card, library-pager, floating-panel, pan-modal, side-menu, deck"),
  .variantsFile(
    "1e400 in a spec", bytes(#"{"version":1,"sets":{"a":["lyrics-swap:dismissalOffset=1e400"]}}"#),
    "1:27: invalid value '1e400' for dismissalOffset in 'lyrics-swap:dismissalOffset=1e400'; "
      + "expected a number from 0 to 10000"),
  // `{"version":` is 11 bytes.
  .variantsFile(
    "1e400 as the version", bytes(#"{"version":1e400,"sets":{"a":["lyrics-swap"]}}"#),
    "1:12: expected the version 1, found '1e400'"),
  .variantsFile(
    "a second object", bytes(#"{"version":1,"sets":{"a":["lyrics-swap"]}}"#, "\n{}"),
    "2:1: expected the end of the file after the variants object, found '{'"),
]

@Suite struct HostileInputTests {
  /// Writes the case's file, runs its command and checks that the one
  /// problem is reported once, with its place, and the exit code.
  func check(_ input: HostileInput, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(input.fileName).path
    try Data(input.bytes).write(to: URL(fileURLWithPath: path))
    let traces = directory.appendingPathComponent("traces.csv").path
    try Data("trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,1,ended,0,100\n".utf8)
      .write(to: URL(fileURLWithPath: traces))
    let arguments = input.command.map { $0 == "FILE" ? path : $0 == "TRACES" ? traces : $0 }
    let result = run(arguments)
    #expect(result.exitCode == input.exit, sourceLocation: sourceLocation)
    let expected = "Error: " + input.message.replacingOccurrences(of: "FILE", with: path) + "\n"
    #expect(
      withoutNoTraceLine(result.error.replacingOccurrences(of: warning(path), with: ""), path)
        == expected,
      sourceLocation: sourceLocation)
  }

  /// The text without the line `record` ends with when the input gave no
  /// trace (its causes are tested in RecordCommandTests).
  private func withoutNoTraceLine(_ text: String, _ path: String) -> String {
    guard let start = text.range(of: "Error: No trace recorded from '\(path)': "),
      let end = text[start.upperBound...].firstIndex(of: "\n")
    else { return text }
    return String(text[..<start.lowerBound] + text[text.index(after: end)...])
  }

  /// The warning `record` gives for a log without axis resolutions.
  private func warning(_ path: String) -> String {
    "Warning: \(path) does not give the touch axes' resolution; positions stay in device units "
      + "(units: px). Pass --scale to convert them.\n"
  }

  @Test(arguments: traceFileCases)
  func badTraceFileIsReportedOnceWithItsPlace(_ input: HostileInput) throws {
    try check(input)
  }

  @Test(arguments: sampleCases)
  func badRawSamplesAreReportedOnceWithTheirPlace(_ input: HostileInput) throws {
    try check(input)
  }

  @Test(arguments: deviceLogCases)
  func badDeviceLogIsReportedOnceWithItsPlace(_ input: HostileInput) throws {
    try check(input)
  }

  @Test(arguments: variantsFileCases)
  func badVariantsFileIsReportedWithItsPlace(_ input: HostileInput) throws {
    try check(input)
  }

  @Test(arguments: [
    (
      "lyrics-swap:dismissalOffset=NaN",
      "invalid value 'NaN' for dismissalOffset; expected a number from 0 to 10000"
    ),
    (
      "lyrics-swap:dismissalOffset=1e400",
      "invalid value '1e400' for dismissalOffset; expected a number from 0 to 10000"
    ),
    (
      "lyrics-swap:dismissalOffset=-inf",
      "invalid value '-inf' for dismissalOffset; expected a number from 0 to 10000"
    ),
    ("lyrics-swap:", "expected 'key=value', found ''"),
    ("lyrics-swap:=3", "expected 'key=value', found '=3'"),
    (
      "player-sheet:rule=projection,rate=1",
      "invalid value '1' for rate; expected a number from 0 to 0.9999"
    ),
    (
      "lyrics-swap\u{0}",
      // The spec is the transition's name: said once.
      "unknown transition; expected one of lyrics-swap, player-sheet, music-card, library-pager, "
        + "floating-panel, pan-modal, side-menu, deck"
    ),
  ])
  func badVariantSpecIsAUsageError(spec: String, message: String) {
    let result = run(["replay", "-", "--variant", spec], input: "trace,t,phase,tx,ty\n")
    #expect(result.exitCode == .usage)
    let first = result.error.split(separator: "\n").first.map(String.init)
    #expect(
      first
        == "Error: Invalid variant '\(spec.replacingOccurrences(of: "\u{0}", with: "\\u0000"))': \(message)"
    )
  }

  @Test(arguments: [
    (["synth", "--traces", "-1"], "'-1' is invalid for '--traces <n>'"),
    (["synth", "--traces", "1e400"], "'1e400' is invalid for '--traces <n>'"),
    (["synth", "--seed", "-1"], "'-1' is invalid for '--seed <seed>'"),
    (["synth", "--rate", "NaN"], "'NaN' is invalid for '--rate <hz>'"),
    (["synth", "--rate", "1e400"], "'1e400' is invalid for '--rate <hz>'"),
    (["synth", "--jobs", "0"], "'0' is invalid for '--jobs <n>'"),
    (
      ["replay", "-", "--variant", "lyrics-swap", "--fps", "inf"],
      "'inf' is invalid for '--fps <n>'"
    ),
    (["replay", "-", "--variant", "lyrics-swap", "--fps="], "'' is invalid for '--fps <n>'"),
    (["record", "-", "--slop", "NaN"], "'NaN' is invalid for '--slop <pt>'"),
    (["record", "-", "--scale", "0"], "'0' is invalid for '--scale <px-per-pt>'"),
    (["record", "-", "--scale", "-inf"], "'-inf' is invalid for '--scale <px-per-pt>'"),
    (["convert", "-", "--to", "yaml"], "'yaml' is invalid for '--to <format>'"),
    (["synth", "--seed", "1\u{0}"], "'1\\u0000' is invalid for '--seed <seed>'"),
  ])
  func badOptionValueIsAUsageError(arguments: [String], found: String) {
    let result = run(arguments)
    #expect(result.exitCode == .usage)
    let first = result.error.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix("Error: The value \(found). Please provide "), "\(first)")
  }

  @Test func validateListsEveryProblemOnceAndGoesOn() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("mixed.csv").path
    try Data(
      (header + "a,0,began,NaN,0\na,1,ended,0,0\nb,0,began,0,0\nb,1,ended,0,0\nc,0,changed,0,0\n"
        + "c,1,ended,0,0\nd,0,began,0,0\nd,0,changed,1,1").utf8
    ).write(to: URL(fileURLWithPath: path))
    // a: NaN on line 2 ('a,0,began,' is 10 bytes); b is valid; c starts with
    // 'changed' ('c,0,' is 4 bytes); d has no end, its last phase at 5.
    assertRun(
      ["validate", path],
      stdout: """
        \(path):2:11: expected a finite number for 'tx', found 'NaN'
        \(path):6:5: expected the first event to be 'began', found 'changed'
        \(path):9:5: expected the trace to end with 'ended' or 'cancelled', found 'changed'
        Checked 1 file: 1 valid trace (2 events), 3 problems in 3 invalid traces.

        """, exit: .dataError)
  }

  @Test(arguments: [
    ("header alone", "bad.csv", header, 0),
    (
      "unknown column", "bad.csv", "trace,t,phase,tx,ty,zz\ng1,0,began,0,0,q\ng1,1,ended,0,0,q\n", 1
    ),
    ("negative timestamps", "bad.csv", header + "g1,-1,began,0,0\ng1,-0.5,ended,0,0\n", 1),
    ("empty JSON Lines file", "bad.jsonl", "", 0),
    (
      "a 20 MB unknown JSON string", "bad.jsonl",
      #"{"id":"g1","x":""# + String(repeating: "a", count: 20_000_000) + #"","events":["#
        + events + "]}\n", 1
    ),
  ])
  func oddButValidFileReads(name: String, fileName: String, text: String, traces: Int) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(fileName).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let result = run(["validate", path])
    #expect(result.exitCode == .success, "\(result.output)")
    #expect(result.output.contains("Checked 1 file: \(traces) valid trace"))
  }

  @Test func twentyMegabyteCSVLineIsOneProblem() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("long.csv").path
    // The long row is g1's second: g1 is spoiled, g2 still reads.
    try Data(
      (header + "g1,0,began,0,0\ng1,0.5," + String(repeating: "1", count: 20_000_000)
        + "\ng1,1,ended,0,0\ng2,0,began,0,0\ng2,1,ended,0,0\n").utf8
    ).write(to: URL(fileURLWithPath: path))
    assertRun(
      ["validate", path],
      stdout: "\(path):3:1: expected a line of at most 1048576 bytes, found a longer one\n"
        + "Checked 1 file: 1 valid trace (2 events), 1 problem in 1 invalid trace.\n",
      exit: .dataError)
  }
}
