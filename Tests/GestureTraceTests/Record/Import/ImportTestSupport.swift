import Foundation
import Testing

@testable import GestureTrace

/// Where the importer tests find their data.
enum ImportTestSupport {
  /// The text of a file under `../shared/data/devices/`.
  static func deviceData(_ path: String) throws -> String {
    let url = packageRoot.appendingPathComponent("../shared/data/devices/\(path)")
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// The text of a fixture in `Tests/GestureTraceTests/Record/Import/Fixtures/`.
  static func fixture(_ name: String) throws -> String {
    let url = packageRoot.appendingPathComponent(
      "Tests/GestureTraceTests/Record/Import/Fixtures/\(name)")
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// Decodes a text pushed in chunks of `chunkSize` bytes.
  static func decode(
    _ text: String, chunkSize: Int, with decoder: inout some DeviceLogDecoder
  ) -> DeviceLog {
    var log = DeviceLog()
    func collect(_ item: DeviceLogItem) {
      switch item {
      case .touch(let touch): log.touches.append(touch)
      case .problem(let problem): log.problems.append(problem)
      }
    }
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
      let end = min(start + chunkSize, bytes.count)
      bytes[start..<end].withUnsafeBufferPointer { decoder.push($0, into: collect) }
      start = end
    }
    decoder.finish(into: collect)
    return log
  }
}

/// What `touchstats.py` printed for one touch, in data/devices/README.md.
struct TouchFact: Sendable, CustomTestStringConvertible {
  var start: String
  var end: String
  var updates: Int
  var startPosition: (Double, Double)
  var endPosition: (Double, Double)

  var testDescription: String { "touch at \(start)" }

  /// Checks a touch against the fact: exact times, the end positions, and
  /// the number of frames after touch-down in which the position changed.
  func check(_ touch: DeviceTouch, sourceLocation: SourceLocation = #_sourceLocation) {
    let samples = touch.samples
    #expect(samples.first?.action == .down, sourceLocation: sourceLocation)
    #expect(samples.last?.action == .up, sourceLocation: sourceLocation)
    #expect(
      samples.dropFirst().dropLast().allSatisfy { $0.action == .move },
      sourceLocation: sourceLocation)
    #expect(samples.first?.time == TraceTime(decimalSeconds: start), sourceLocation: sourceLocation)
    #expect(samples.last?.time == TraceTime(decimalSeconds: end), sourceLocation: sourceLocation)
    #expect(
      samples.first?.position == Vector2D(x: startPosition.0, y: startPosition.1),
      sourceLocation: sourceLocation)
    #expect(
      samples.last?.position == Vector2D(x: endPosition.0, y: endPosition.1),
      sourceLocation: sourceLocation)
    let changes = zip(samples, samples.dropFirst()).filter { $0.position != $1.position }.count
    #expect(changes == updates, sourceLocation: sourceLocation)
    let times = samples.map(\.time)
    #expect(times == times.sorted(), sourceLocation: sourceLocation)
  }
}
