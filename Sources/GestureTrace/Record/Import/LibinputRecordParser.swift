/// A streaming reader of `libinput record` files that produces the touches
/// of each device's first finger.
///
/// It reads the YAML layout `libinput record` writes (version 1):
///
/// ```yaml
/// ndevices: 1
/// devices:
/// - node: /dev/input/event4
///   evdev:
///     name: "Atmel maXTouch Touchscreen"
///     absinfo:
///       53: [0, 799, 0, 0, 0]     # min, max, fuzz, flat, resolution
///   events:
///   - evdev:
///     - [  0,      0,   3,  57,       6] # EV_ABS / ABS_MT_TRACKING_ID     6
///     - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
/// ```
///
/// Each `[sec, usec, type, code, value]` is one kernel event; times are
/// exact. Device names, nodes and axis ranges (with resolutions in units per
/// millimetre) describe each touch's device. Other keys, `libinput:` event
/// interpretations and comments are ignored; an event that cannot be read
/// is reported as a problem and skipped.
package struct LibinputRecordParser: DeviceLogDecoder, LineReadingDecoder {
  var lines = LineSplitter()
  private var yaml = YAMLLineReader()
  var problems = ProblemReporter()
  private var tracker = TouchTracker()
  private var device = InputDevice()
  private var lineNumber = 0

  /// Creates a parser at the start of a file.
  package init() {}

  /// Reads the next chunk of bytes, producing what it completes.
  package mutating func push(
    _ bytes: UnsafeBufferPointer<UInt8>, into emit: (DeviceLogItem) -> Void
  ) {
    readLines(bytes, into: emit)
  }

  /// Reads what is left, producing a touch still down as cancelled.
  package mutating func finish(into emit: (DeviceLogItem) -> Void) {
    readLastLine(into: emit)
    finishDevice(into: emit)
  }

  mutating func readLine(
    _ bytes: ArraySlice<UInt8>, number: Int, into emit: (DeviceLogItem) -> Void
  ) {
    lineNumber = number
    var reader = yaml
    yaml = YAMLLineReader()
    reader.read(bytes) { entry(entry: $0, into: emit) }
    yaml = reader
  }

  private mutating func entry(entry: YAMLLineReader.Entry, into emit: (DeviceLogItem) -> Void) {
    switch entry {
    case .problem(let message, let column):
      problems.report(line: lineNumber, column: column, message, into: emit)
    case .open(let path):
      if path == ["devices", "-"] {
        finishDevice(into: emit)
      }
    case .value(let path, let text, let column):
      value(at: path, text: text, column: column, into: emit)
    }
  }

  private mutating func value(
    at path: [String], text: ArraySlice<UInt8>, column: Int,
    into emit: (DeviceLogItem) -> Void
  ) {
    guard path.count >= 3, path[0] == "devices", path[1] == "-" else { return }
    let rest = path[2...]
    if rest.elementsEqual(["node"]) {
      device.node = YAMLLineReader.scalar(text)
    } else if rest.elementsEqual(["evdev", "name"]) {
      device.name = YAMLLineReader.scalar(text)
    } else if rest.count == 3, rest.starts(with: ["evdev", "absinfo"]) {
      readAxis(code: path[4], text: text, column: column, into: emit)
    } else if rest.elementsEqual(["events", "-", "evdev", "-"]) {
      readEvent(text, column: column, into: emit)
    }
  }

  private mutating func readAxis(
    code: String, text: ArraySlice<UInt8>, column: Int, into emit: (DeviceLogItem) -> Void
  ) {
    let numbers = YAMLLineReader.flowList(text)?.map { ImportScanning.int32($0) }
    guard let code = ImportScanning.decimal(Array(code.utf8)[...]), (0...0x3F).contains(code),
      let numbers, numbers.count == 5 || numbers.count == 6, !numbers.contains(nil),
      let minimum = numbers[0], let maximum = numbers[1], let resolution = numbers[4]
    else {
      problems.report(
        line: lineNumber, column: column,
        "expected an axis '[min, max, fuzz, flat, resolution]', found "
          + "'\(ImportScanning.quoted(text))'",
        into: emit)
      return
    }
    device.axes[Int(code)] = AxisInfo(
      minimum: Int(minimum), maximum: Int(maximum), resolution: max(0, Int(resolution)))
  }

  private mutating func readEvent(
    _ text: ArraySlice<UInt8>, column: Int, into emit: (DeviceLogItem) -> Void
  ) {
    let numbers = YAMLLineReader.flowList(text)?.map { ImportScanning.decimal($0) }
    guard let numbers, numbers.count == 5, !numbers.contains(nil),
      let seconds = numbers[0], let micros = numbers[1], let type = numbers[2],
      let code = numbers[3], let value = numbers[4]
    else {
      problems.report(
        line: lineNumber, column: column,
        "expected an event '[sec, usec, type, code, value]', found "
          + "'\(ImportScanning.quoted(text))'",
        into: emit)
      return
    }
    guard (0...ImportScanning.maximumSeconds).contains(seconds), (0..<1_000_000).contains(micros),
      let type = UInt16(exactly: type), let code = UInt16(exactly: code),
      let value = Int32(exactly: value)
    else {
      problems.report(
        line: lineNumber, column: column,
        "expected an event with seconds, microseconds below 1000000, a 16-bit type and "
          + "code and a 32-bit value, found '\(ImportScanning.quoted(text))'",
        into: emit)
      return
    }
    let time = TraceTime(nanoseconds: seconds * 1_000_000_000 + micros * 1_000)
    let event = EvdevEvent(time: time, type: type, code: code, value: value, line: lineNumber)
    var tracker = self.tracker
    self.tracker = TouchTracker()
    tracker.consume(event) { emit(DeviceLogItem($0, device: device)) }
    self.tracker = tracker
  }

  private mutating func finishDevice(into emit: (DeviceLogItem) -> Void) {
    var tracker = self.tracker
    self.tracker = TouchTracker()
    tracker.finish { emit(DeviceLogItem($0, device: device)) }
    device = InputDevice()
  }
}
