extension DeviceLogItem {
  /// The item a touch tracker's output becomes in a log of `device`: a
  /// touch of that device, or a problem at column 1 of its line.
  @inline(__always)
  init(_ output: TouchTracker.Output, device: @autoclosure () -> InputDevice) {
    switch output {
    case .touch(let samples, let line):
      self = .touch(DeviceTouch(samples: samples, device: device(), line: line))
    case .problem(let message, let line):
      self = .problem(TraceFileProblem(line: line, column: 1, message: message))
    }
  }
}
