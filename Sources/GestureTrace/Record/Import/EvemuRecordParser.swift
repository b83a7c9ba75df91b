/// A streaming reader of `evemu-record` files that produces the touches of
/// the device's first finger.
///
/// It reads event lines, with optional trailing comments:
///
/// ```
/// E: 0.081454 0003 0036 0368	# EV_ABS / ABS_MT_POSITION_Y    368
/// ```
///
/// (hexadecimal type and code, decimal value, exact `seconds.microseconds`
/// times) and the description lines `N:` (name) and `A:` (axis `code min
/// max fuzz flat [resolution]`), either in the file's header or in a
/// separate `.desc` file: read that one with its own parser and pass its
/// ``device`` to ``init(device:)``. `#` comments and the `I:`, `P:`, `B:`,
/// `L:` and `S:` lines are skipped; any other line is a problem.
package struct EvemuRecordParser: DeviceLogDecoder, LineReadingDecoder {
  /// The device as described so far: by the `.desc` file given, then by the
  /// file's own `N:` and `A:` lines.
  package private(set) var device: InputDevice

  var lines = LineSplitter()
  var problems = ProblemReporter()
  private var tracker = TouchTracker()

  /// Creates a parser, with a device description read from elsewhere.
  package init(device: InputDevice = InputDevice()) {
    self.device = device
  }

  /// Reads the next chunk of bytes, producing what it completes.
  package mutating func push(
    _ bytes: UnsafeBufferPointer<UInt8>, into emit: (DeviceLogItem) -> Void
  ) {
    readLines(bytes, into: emit)
  }

  /// Reads what is left, producing a touch still down as cancelled.
  package mutating func finish(into emit: (DeviceLogItem) -> Void) {
    readLastLine(into: emit)
    var tracker = self.tracker
    self.tracker = TouchTracker()
    tracker.finish { emit(DeviceLogItem($0, device: device)) }
  }

  mutating func readLine(
    _ line: ArraySlice<UInt8>, number: Int, into emit: (DeviceLogItem) -> Void
  ) {
    var content = line
    var tokens = ImportScanning.tokens(content)
    guard var first = tokens.first, content[first].first != UInt8(ascii: "#") else { return }
    if content[first].elementsEqual("E:".utf8),
      let hash = content.firstIndex(of: UInt8(ascii: "#"))
    {
      // NB: only event lines carry trailing comments; a name may hold a '#'.
      content = content[..<hash]
      tokens = ImportScanning.tokens(content)
      guard let head = tokens.first else { return }
      first = head
    }
    let column = { (index: Int) in index - line.startIndex + 1 }
    func report(_ index: Int, _ message: String) {
      problems.report(line: number, column: column(index), message, into: emit)
    }
    // Reports the token at `range` as not the `expected` one.
    func refuse(_ range: Range<Int>, expected: String) {
      report(
        range.lowerBound, "expected \(expected), found '\(ImportScanning.quoted(content[range]))'")
    }
    let head = content[first]
    if head.elementsEqual("E:".utf8) {
      guard tokens.count == 5 else {
        report(
          tokens.count > 5 ? tokens[5].lowerBound : (tokens.last?.upperBound ?? first.upperBound),
          "expected an event 'E: seconds.microseconds type code value', found "
            + "'\(ImportScanning.quoted(content[first.lowerBound...]))'")
        return
      }
      guard let time = ImportScanning.timestamp(content[tokens[1]]) else {
        refuse(tokens[1], expected: "a time 'seconds.microseconds'")
        return
      }
      let typeText = content[tokens[2]]
      let codeText = content[tokens[3]]
      guard typeText.count <= 4, let type = ImportScanning.hex(typeText) else {
        refuse(tokens[2], expected: "a hexadecimal event type")
        return
      }
      guard codeText.count <= 4, let code = ImportScanning.hex(codeText) else {
        refuse(tokens[3], expected: "a hexadecimal event code")
        return
      }
      guard let value = ImportScanning.int32(content[tokens[4]]) else {
        refuse(tokens[4], expected: "a decimal value of 32 bits")
        return
      }
      let event = EvdevEvent(
        time: time, type: UInt16(type), code: UInt16(code), value: value, line: number)
      var tracker = self.tracker
      self.tracker = TouchTracker()
      tracker.consume(event) { emit(DeviceLogItem($0, device: device)) }
      self.tracker = tracker
    } else if head.elementsEqual("N:".utf8) {
      let end = tokens.last?.upperBound ?? first.upperBound
      let name = tokens.count > 1 ? content[tokens[1].lowerBound..<end] : content[end..<end]
      device.name = String(decoding: name, as: UTF8.self)
    } else if head.elementsEqual("A:".utf8) {
      let numbers = tokens.dropFirst(2).map { ImportScanning.int32(content[$0]) }
      guard tokens.count >= 6, tokens.count <= 7, content[tokens[1]].count <= 4,
        let code = ImportScanning.hex(content[tokens[1]]),
        let minimum = numbers[0], let maximum = numbers[1], !numbers.contains(nil)
      else {
        report(
          first.lowerBound,
          "expected an axis 'A: code min max fuzz flat [resolution]', found "
            + "'\(ImportScanning.quoted(content[first.lowerBound...]))'")
        return
      }
      let resolution = tokens.count == 7 ? Int(numbers[4] ?? 0) : 0
      device.axes[Int(code)] = AxisInfo(
        minimum: Int(minimum), maximum: Int(maximum), resolution: max(0, resolution))
    } else if ["I:", "P:", "B:", "L:", "S:"].contains(where: { head.elementsEqual($0.utf8) }) {
      return
    } else {
      report(
        first.lowerBound,
        "expected a line starting with 'E:', 'N:', 'A:' or '#', found "
          + "'\(ImportScanning.quoted(head))'")
    }
  }
}
