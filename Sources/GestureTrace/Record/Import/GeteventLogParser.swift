/// A streaming reader of Android `getevent` logs that produces the touches
/// of each touch device's first finger.
///
/// It reads what `getevent -t` prints, with or without `-l` labels, with or
/// without the `/dev/input/eventN:` device prefix, with `-r` rate suffixes
/// and `\r\n` line ends:
///
/// ```
/// [   69088.582662] 0003 0039 00000000
/// [   12345.678901] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   0000002a
/// ```
///
/// Values are hexadecimal, so `ffffffff` is a tracking id of -1 (a lift).
/// Times are the bracketed `seconds.microseconds`, exactly. `add device`
/// banners, `name:` lines and the axis lines of `getevent -p` describe the
/// devices; other lines without a timestamp are skipped. An event line that
/// cannot be read is reported as a problem and skipped; events without a
/// timestamp (a log recorded without `-t`) are reported once, at the first.
package struct GeteventLogParser: DeviceLogDecoder, LineReadingDecoder {
  /// The most devices followed; events of further devices are ignored.
  static let maximumDevices = 16

  var lines = LineSplitter()
  var problems = ProblemReporter()
  private var trackers: [String: TouchTracker] = [:]
  private var devices: [String: InputDevice] = [:]
  private var bannerNode: String?
  private var reportedDeviceLimit = false
  private var reportedUntimedEvents = false

  /// Creates a parser; `device` describes the device named on the command
  /// line (for logs without device prefixes), when known.
  package init(device: InputDevice = InputDevice()) {
    devices[""] = device
  }

  /// Reads the next chunk of bytes, producing what it completes.
  package mutating func push(
    _ bytes: UnsafeBufferPointer<UInt8>, into emit: (DeviceLogItem) -> Void
  ) {
    readLines(bytes, into: emit)
  }

  /// Reads what is left, producing touches still down as cancelled.
  package mutating func finish(into emit: (DeviceLogItem) -> Void) {
    readLastLine(into: emit)
    for node in trackers.keys.sorted() {
      var tracker = trackers.removeValue(forKey: node) ?? TouchTracker()
      tracker.finish { forward($0, node: node, into: emit) }
      trackers[node] = tracker
    }
  }

  mutating func readLine(
    _ line: ArraySlice<UInt8>, number: Int, into emit: (DeviceLogItem) -> Void
  ) {
    var rest = line.drop(while: ImportScanning.isBlank)
    let column = { (index: Int) in index - line.startIndex + 1 }
    guard let first = rest.first else { return }
    guard first == UInt8(ascii: "[") else {
      readUntimedLine(line, number: number, into: emit)
      return
    }
    guard let close = rest.firstIndex(of: UInt8(ascii: "]")) else {
      problems.report(
        line: number, column: column(rest.startIndex),
        "expected a timestamp '[seconds.microseconds]', found '\(ImportScanning.quoted(rest))'",
        into: emit)
      return
    }
    let inside = rest[(rest.startIndex + 1)..<close].drop(while: ImportScanning.isBlank)
    guard let time = ImportScanning.timestamp(inside) else {
      problems.report(
        line: number, column: column(inside.startIndex),
        "expected a timestamp 'seconds.microseconds', found '\(ImportScanning.quoted(inside))'",
        into: emit)
      return
    }
    rest = rest[(close + 1)...].drop(while: ImportScanning.isBlank)
    var node = ""
    if rest.starts(with: "/dev/".utf8) {
      var tokenEnd = rest.startIndex
      while tokenEnd < rest.endIndex, !ImportScanning.isBlank(rest[tokenEnd]) { tokenEnd += 1 }
      guard tokenEnd > rest.startIndex, rest[tokenEnd - 1] == UInt8(ascii: ":") else {
        problems.report(
          line: number, column: column(rest.startIndex),
          "expected a device path ending in ':', found "
            + "'\(ImportScanning.quoted(rest[..<tokenEnd]))'",
          into: emit)
        return
      }
      node = String(decoding: rest[..<(tokenEnd - 1)], as: UTF8.self)
      rest = rest[tokenEnd...]
    }
    guard let event = readEvent(rest, time: time, line: line, number: number, into: emit)
    else { return }
    if trackers[node] == nil {
      guard trackers.count < GeteventLogParser.maximumDevices else {
        if !reportedDeviceLimit {
          reportedDeviceLimit = true
          problems.report(
            line: number, column: 1,
            "expected at most \(GeteventLogParser.maximumDevices) devices, found '\(node)'",
            into: emit)
        }
        return
      }
    }
    var tracker = trackers.removeValue(forKey: node) ?? TouchTracker()
    tracker.consume(event) { forward($0, node: node, into: emit) }
    trackers[node] = tracker
  }

  /// Reads `type code value [rate N]`; `nil` (after reporting any problem)
  /// when the line holds no event the trackers need.
  private mutating func readEvent(
    _ text: ArraySlice<UInt8>, time: TraceTime, line: ArraySlice<UInt8>, number: Int,
    into emit: (DeviceLogItem) -> Void
  ) -> EvdevEvent? {
    let tokens = ImportScanning.tokens(text)
    let column = { (index: Int) in index - line.startIndex + 1 }
    let end = text.endIndex
    guard tokens.count >= 3 else {
      let at = tokens.last?.upperBound ?? end
      problems.report(
        line: number, column: column(at),
        "expected an event 'type code value', found "
          + "'\(ImportScanning.quoted(text.drop(while: ImportScanning.isBlank)))'",
        into: emit)
      return nil
    }
    if tokens.count > 3 {
      let extra = text[tokens[3].lowerBound...]
      let isRate =
        tokens.count == 5 && text[tokens[3]].elementsEqual("rate".utf8)
        && ImportScanning.decimal(text[tokens[4]]) != nil
      guard isRate else {
        problems.report(
          line: number, column: column(tokens[3].lowerBound),
          "expected the end of the line, found '\(ImportScanning.quoted(extra))'", into: emit)
        return nil
      }
    }
    let typeText = text[tokens[0]]
    let codeText = text[tokens[1]]
    let valueText = text[tokens[2]]
    guard
      let type = field(
        ImportScanning.hex(typeText).flatMap { typeText.count == 4 ? UInt16($0) : nil }
          ?? EvdevCode.typeLabels[String(decoding: typeText, as: UTF8.self)],
        typeText, isSkipped: Self.isLabel(typeText) && typeText.starts(with: "EV_".utf8),
        expected: "an event type such as '0003' or 'EV_ABS'",
        line: number, column: column(tokens[0].lowerBound), into: emit)
    else { return nil }
    guard
      let code = field(
        ImportScanning.hex(codeText).flatMap { codeText.count == 4 ? UInt16($0) : nil }
          ?? EvdevCode.codeLabels[type]?[String(decoding: codeText, as: UTF8.self)],
        codeText, isSkipped: Self.isLabel(codeText),
        expected: "an event code such as '0035' or 'ABS_MT_POSITION_X'",
        line: number, column: column(tokens[1].lowerBound), into: emit)
    else { return nil }
    guard
      let value = field(
        ImportScanning.hex(valueText).map { Int32(bitPattern: $0) }
          ?? Self.keyState(valueText),
        valueText, isSkipped: Self.isLabel(valueText),
        expected: "a hexadecimal value such as '000002a8'",
        line: number, column: column(tokens[2].lowerBound), into: emit)
    else { return nil }
    return EvdevEvent(time: time, type: type, code: code, value: value, line: number)
  }

  /// An event field: `decoded` when the text reads, else `nil`, silently
  /// when `isSkipped` (a label this reader does not need) and otherwise
  /// after reporting `expected …, found '<text>'` at `column`.
  @inline(__always)
  private mutating func field<Value>(
    _ decoded: Value?, _ text: ArraySlice<UInt8>, isSkipped: @autoclosure () -> Bool,
    expected: String, line number: Int, column: Int, into emit: (DeviceLogItem) -> Void
  ) -> Value? {
    if let decoded { return decoded }
    if !isSkipped() {
      problems.report(
        line: number, column: column,
        "expected \(expected), found '\(ImportScanning.quoted(text))'", into: emit)
    }
    return nil
  }

  /// The value of a key event written as `DOWN` (1) or `UP` (0).
  private static func keyState(_ text: ArraySlice<UInt8>) -> Int32? {
    if text.elementsEqual("DOWN".utf8) { return 1 }
    if text.elementsEqual("UP".utf8) { return 0 }
    return nil
  }

  /// Reads a line without a timestamp: a device banner or axis line, or an
  /// event recorded without `-t`.
  private mutating func readUntimedLine(
    _ line: ArraySlice<UInt8>, number: Int, into emit: (DeviceLogItem) -> Void
  ) {
    let tokens = ImportScanning.tokens(line)
    guard let first = tokens.first else { return }
    let text = { (index: Int) in String(decoding: line[tokens[index]], as: UTF8.self) }
    if tokens.count >= 4, text(0) == "add", text(1) == "device" {
      let node = text(3)
      bannerNode = node
      if devices[node] == nil, devices.count <= GeteventLogParser.maximumDevices {
        devices[node] = InputDevice(node: node)
      }
      return
    }
    if text(0) == "name:", tokens.count >= 2, let node = bannerNode {
      var name = line[tokens[1].lowerBound..<tokens[tokens.count - 1].upperBound]
      if name.first == UInt8(ascii: "\""), name.count >= 2, name.last == UInt8(ascii: "\"") {
        name = name.dropFirst().dropLast()
      }
      devices[node]?.name = String(decoding: name, as: UTF8.self)
      return
    }
    if let axis = GeteventLogParser.axisLine(line, tokens: tokens) {
      devices[bannerNode ?? ""]?.axes[axis.code] = axis.info
      return
    }
    let looksLikeEvent =
      tokens.count >= 3
      && ((line[first].count == 4 && ImportScanning.hex(line[first]) != nil)
        || line[first].starts(with: "EV_".utf8) || line[first].starts(with: "/dev/".utf8))
    // NB: a log recorded without -t has no event with a time; one problem
    // says so and how to record it, rather than one for every line.
    if looksLikeEvent, !reportedUntimedEvents {
      reportedUntimedEvents = true
      problems.report(
        line: number, column: first.lowerBound - line.startIndex + 1,
        "expected a timestamp '[seconds.microseconds]' before the event, found "
          + "'\(ImportScanning.quoted(line[first]))': getevent prints times only with -t, "
          + "so record with 'adb shell getevent -lt <device>' (events without a time are skipped "
          + "and not reported again)",
        into: emit)
    }
  }

  /// Reads a `getevent -p` axis line such as
  /// `ABS (0003): 0035  : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0`.
  static func axisLine(
    _ line: ArraySlice<UInt8>, tokens: [Range<Int>]
  ) -> (code: Int, info: AxisInfo)? {
    let words = tokens.map { line[$0].filter { $0 != UInt8(ascii: ",") } }
    guard let valueIndex = words.firstIndex(where: { $0.elementsEqual("value".utf8) }),
      valueIndex >= 2, words[valueIndex - 1].elementsEqual(":".utf8)
    else { return nil }
    let codeWord = words[valueIndex - 2]
    let code: Int
    if codeWord.count == 4, let number = ImportScanning.hex(codeWord[...]) {
      code = Int(number)
    } else if let label = EvdevCode.codeLabels[EvdevCode.absolute]?[
      String(decoding: codeWord, as: UTF8.self)]
    {
      code = Int(label)
    } else {
      return nil
    }
    func number(after key: String) -> Int? {
      guard let index = words.firstIndex(where: { $0.elementsEqual(key.utf8) }),
        index + 1 < words.count, let value = ImportScanning.int32(words[index + 1][...])
      else { return nil }
      return Int(value)
    }
    guard let minimum = number(after: "min"), let maximum = number(after: "max") else {
      return nil
    }
    return (
      code,
      AxisInfo(
        minimum: minimum, maximum: maximum,
        resolution: max(0, number(after: "resolution") ?? 0))
    )
  }

  /// Whether a token is a getevent label: a capital letter, then capital
  /// letters, digits and `_`.
  static func isLabel(_ token: ArraySlice<UInt8>) -> Bool {
    guard let first = token.first, first >= 0x41, first <= 0x5A else { return false }
    return token.allSatisfy {
      ($0 >= 0x41 && $0 <= 0x5A) || ImportScanning.isDigit($0) || $0 == 0x5F
    }
  }

  private func forward(
    _ output: TouchTracker.Output, node: String, into emit: (DeviceLogItem) -> Void
  ) {
    emit(DeviceLogItem(output, device: device(of: node)))
  }

  /// The device at `node`, as far as the log described it.
  private func device(of node: String) -> InputDevice {
    var device = devices[node] ?? InputDevice()
    if !node.isEmpty { device.node = node }
    return device
  }
}
