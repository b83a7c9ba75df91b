/// A device-log decoder that reads its input a line at a time through a
/// ``LineSplitter``; a line over the splitter's limit is reported here, once.
protocol LineReadingDecoder {
  /// The line splitter holding a line not yet complete.
  var lines: LineSplitter { get set }
  /// Where problems are reported.
  var problems: ProblemReporter { get set }
  /// Handles one complete line.
  mutating func readLine(
    _ bytes: ArraySlice<UInt8>, number: Int, into emit: (DeviceLogItem) -> Void)
}

extension LineReadingDecoder {
  /// Splits the next bytes into lines and reads each complete one.
  mutating func readLines(
    _ bytes: UnsafeBufferPointer<UInt8>, into emit: (DeviceLogItem) -> Void
  ) {
    // NB: the splitter is moved out while it calls back into `read`, which
    // needs `self` mutable.
    var splitter = LineSplitter()
    swap(&splitter, &lines)
    splitter.push(bytes) { read($0, into: emit) }
    swap(&splitter, &lines)
  }

  /// Reads a line, or reports one that was too long.
  mutating func read(_ line: LineSplitter.Line, into emit: (DeviceLogItem) -> Void) {
    switch line {
    case .overlong(let number):
      problems.report(
        line: number, column: 1,
        "expected a line of at most \(LineSplitter.maximumLength) bytes, found a longer one",
        into: emit)
    case .text(let bytes, let number):
      readLine(bytes, number: number, into: emit)
    }
  }

  /// Reads the last line, if the input did not end with a line break.
  mutating func readLastLine(into emit: (DeviceLogItem) -> Void) {
    var splitter = LineSplitter()
    swap(&splitter, &lines)
    splitter.finish { read($0, into: emit) }
    swap(&splitter, &lines)
  }
}
