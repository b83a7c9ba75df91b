/// One touch read from a device log: the followed finger's samples from
/// touch-down to lift, and the device that produced it.
///
/// The samples start with `down`, continue with `move` for each frame in
/// which the finger's position changed and end with `up` at the lift frame
/// (or `cancel` when the log ends or breaks off first). Positions are raw
/// device units; times are the kernel's timestamps, exactly.
package struct DeviceTouch: Sendable, Hashable {
  /// The samples, in frame order.
  package var samples: [PointerSample]
  /// The device, as far as the log described it before the touch.
  package var device: InputDevice
  /// The line of the frame that put the finger down, from 1.
  package var line: Int

  /// Creates a touch.
  package init(samples: [PointerSample], device: InputDevice, line: Int) {
    self.samples = samples
    self.device = device
    self.line = line
  }

  /// Whether the touch ended with the finger lifting.
  package var isComplete: Bool { samples.last?.action == .up }
}

/// What a device-log decoder produces: a touch, or a problem with a line.
package enum DeviceLogItem: Sendable, Hashable {
  /// A complete touch.
  case touch(DeviceTouch)
  /// A line that could not be read; reading goes on after it.
  case problem(TraceFileProblem)
}

/// Everything read from one device log.
package struct DeviceLog: Sendable, Hashable {
  /// The touches, in the order they ended.
  package var touches: [DeviceTouch] = []
  /// The problems, in line order.
  package var problems: [TraceFileProblem] = []

  /// Creates an empty log.
  package init() {}

  /// The touches' samples: one gesture per touch.
  package var gestures: [[PointerSample]] { touches.map(\.samples) }
}

/// A streaming reader of one device-log format.
///
/// Push the log's bytes in chunks of any size, then call
/// ``finish(into:)``. Memory is bounded by the longest touch, not by the log.
package protocol DeviceLogDecoder {
  /// Reads the next chunk of bytes, producing what it completes.
  mutating func push(
    _ bytes: UnsafeBufferPointer<UInt8>, into emit: (DeviceLogItem) -> Void)
  /// Reads what is left after the last chunk, producing what it completes.
  mutating func finish(into emit: (DeviceLogItem) -> Void)
}

extension DeviceLogDecoder {
  /// Decodes a whole log at once.
  package mutating func decode(_ text: String) -> DeviceLog {
    var log = DeviceLog()
    let collect: (DeviceLogItem) -> Void = { item in
      switch item {
      case .touch(let touch): log.touches.append(touch)
      case .problem(let problem): log.problems.append(problem)
      }
    }
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBufferPointer { push(UnsafeBufferPointer($0), into: collect) }
    finish(into: collect)
    return log
  }
}
