import Foundation
import Testing

@testable import GestureTrace

/// The raw strokes of `../shared/data/touch/henze-mobilehci17/data/`, read
/// here independently of `tools/import-touch-data.py`.
///
/// Source: Henze, Le, Mayer, Schwind, "Improving Software-Reduced
/// Touchscreen Latency" (MobileHCI 2017),
/// interactionlab/MobileHCI17-Touch-Extrapolation (Apache-2.0).
enum HenzeRawData {
  /// One raw row of a stroke: event time (ms) and position (px).
  struct Sample {
    /// The event-time column, in milliseconds.
    var milliseconds: Int64
    /// The x column, in device pixels.
    var x: Double
    /// The y column, in device pixels.
    var y: Double
  }

  /// A down–up sequence: the task, the participant, its number from 1
  /// among every stroke of its file, and its rows.
  struct Stroke {
    var task: String
    var participant: Int
    var number: Int
    var samples: [Sample]

    /// The net displacement from the down row to the up row, in points
    /// (px / 2).
    var net: (dx: Double, dy: Double) {
      let first = samples[0]
      let last = samples[samples.count - 1]
      return ((last.x - first.x) / 2, (last.y - first.y) / 2)
    }

    /// Whether it moves at least 10 pt, net.
    var moves: Bool { net.dx * net.dx + net.dy * net.dy >= 100 }

    /// Whether its net displacement lies within |dx| ≥ 2 |dy|.
    var isHorizontal: Bool { abs(net.dx) >= 2 * abs(net.dy) }

    /// The trace id the import gives it.
    var id: String {
      let padded = String(repeating: "0", count: max(0, 3 - String(number).count))
      return "henze-\(task.lowercased())-p\(participant)-\(padded)\(number)"
    }
  }

  /// The data folder, next to the package root.
  static let folder =
    packageRoot
    .appendingPathComponent("../shared/data/touch/henze-mobilehci17/data")
    .standardizedFileURL

  /// Whether the raw data is there (it is on CI, next to the package).
  static let isPresent = FileManager.default.fileExists(
    atPath: folder.appendingPathComponent("FittsTasks-participant1.txt").path)

  /// The strokes of one task's file for one participant, in file order.
  static func strokes(task: String, participant: Int) throws -> [Stroke] {
    let url = folder.appendingPathComponent("\(task)Tasks-participant\(participant).txt")
    var strokes: [Stroke] = []
    var current: [Sample] = []
    for line in try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline) {
      let fields = line.split(separator: ";")
      guard fields.count == 6, let time = Int64(fields[1]), let x = Double(fields[2]),
        let y = Double(fields[3])
      else { continue }
      current.append(Sample(milliseconds: time, x: x, y: y))
      if fields[5] == "1" {
        strokes.append(
          Stroke(task: task, participant: participant, number: strokes.count + 1, samples: current))
        current = []
      }
    }
    return strokes
  }

  /// Every stroke of a task, participants 1…8 in order.
  static func strokes(task: String) throws -> [Stroke] {
    try (1...8).flatMap { try strokes(task: task, participant: $0) }
  }
}

@Suite struct HenzeTracesTests {
  /// The traces of a shipped file, and the number of problems it reports.
  static func shipped(_ name: String) throws -> (traces: [Trace], problems: Int) {
    let url = packageRoot.appendingPathComponent("traces/\(name)")
    var decoder = CSVTraceDecoder()
    var traces: [Trace] = []
    var problems = 0
    for item in decoder.decode(try String(contentsOf: url, encoding: .utf8)) {
      switch item {
      case .trace(let trace, _): traces.append(trace)
      case .problem: problems += 1
      }
    }
    return (traces, problems)
  }

  @Test func shippedFilesDecodeWithoutProblems() throws {
    let fitts = try Self.shipped("henze-fitts.csv")
    let strokes = try Self.shipped("henze-strokes.csv")
    #expect(fitts.problems == 0 && strokes.problems == 0)
    #expect(fitts.traces.count == 576)
    #expect(strokes.traces.count == 104)
    let tasks = Dictionary(grouping: strokes.traces, by: { $0.metadata["task"] ?? "" })
    #expect(tasks.mapValues(\.count) == ["Paint": 41, "Write": 63])
    let directions = Dictionary(grouping: fitts.traces, by: { $0.metadata["direction"] ?? "" })
    #expect(directions.mapValues(\.count) == ["left": 288, "right": 288])
  }

  /// Every trace is a person's, in pixels with the inferred scale, and
  /// carries no intent; the Fitts drags are meant for the pager, the
  /// others for no transition.
  @Test func everyTraceIsHumanUnlabelledAndScaled() throws {
    let fitts = try Self.shipped("henze-fitts.csv").traces
    let strokes = try Self.shipped("henze-strokes.csv").traces
    for trace in fitts + strokes {
      #expect(trace.metadata.source == "henze-mobilehci17", "\(trace.id)")
      #expect(trace.metadata.units == "px" && trace.metadata.scale == 2, "\(trace.id)")
      #expect(trace.metadata.device == "Nexus 7 (2013), inferred", "\(trace.id)")
      #expect(trace.metadata["intent"] == nil, "\(trace.id)")
      #expect(trace.inPoints() != nil, "\(trace.id)")
      #expect(LabelSource(metadata: trace.metadata, isLabelled: false) == .human)
      #expect(trace.events.first?.phase == .began && trace.events.last?.phase == .ended)
    }
    #expect(fitts.allSatisfy { $0.metadata.target == "library-pager" })
    #expect(fitts.allSatisfy { $0.metadata["axis"] == "horizontal" })
    #expect(strokes.allSatisfy { $0.metadata.target == nil })
  }

  /// The first samples of FittsTasks-participant1.txt's first stroke, by
  /// hand: rows 1–6 are at 24304462, …542, …559, …575, …591, …612 ms, x =
  /// 720.8572, 730.4725, 736.922, 753.0684, 781.74506, 817.3235 px, y =
  /// 620.5357 then 622.3214 px at row 6; the up row (34) is at 24305078 ms,
  /// at row 33's 1088.588, 616.0714 px. In points (px / 2) from the down row.
  @Test func firstFittsStrokeMatchesTheRawRowsByHand() throws {
    let raw = try #require(try Self.shipped("henze-fitts.csv").traces.first)
    #expect(raw.id == "henze-fitts-p1-001")
    #expect(raw.metadata["case"] == "FittsTasks-participant1.txt#1")
    #expect(raw.metadata["direction"] == "right")
    let trace = try #require(raw.inPoints())
    #expect(trace.events.count == 34)
    let expected: [(ms: Int64, x: Double, y: Double)] = [
      (0, 0, 0), (80, 4.80765, 0), (97, 8.0324, 0), (113, 16.1056, 0), (129, 30.44393, 0),
      (150, 48.23315, 0.89285),
    ]
    for (event, want) in zip(trace.events, expected) {
      #expect(event.time == .milliseconds(want.ms))
      #expect(abs(event.translation.x - want.x) < 1e-9, "\(event)")
      #expect(abs(event.translation.y - want.y) < 1e-9, "\(event)")
      #expect(event.velocity == nil)
    }
    let location = try #require(trace.events[1].location)
    #expect(abs(location.x - 365.23625) < 1e-9 && abs(location.y - 310.26785) < 1e-9)
    let last = try #require(trace.events.last)
    #expect(last.phase == .ended && last.time == .milliseconds(616))
    #expect(abs(last.translation.x - 183.8654) < 1e-9)
    #expect(abs(last.translation.y - -2.23215) < 1e-9)
  }

  /// The shipped Fitts traces are exactly the raw Fitts strokes that move
  /// at least 10 pt and are horizontal, with all their rows.
  @Test(.enabled(if: HenzeRawData.isPresent))
  func fittsTracesAreEveryHorizontalDragOfTheRawData() throws {
    let raw = try HenzeRawData.strokes(task: "Fitts")
    #expect(raw.count == 576)
    let selected = raw.filter { $0.moves && $0.isHorizontal }
    let shipped = try Self.shipped("henze-fitts.csv").traces
    #expect(shipped.map(\.id) == selected.map(\.id))
    for (trace, stroke) in zip(shipped, selected) {
      #expect(trace.events.count == stroke.samples.count, "\(trace.id)")
      let duration =
        stroke.samples[stroke.samples.count - 1].milliseconds
        - stroke.samples[0].milliseconds
      #expect(trace.events.last?.time == .milliseconds(duration), "\(trace.id)")
    }
  }

  /// The shipped Paint and Write traces are every 15th of the raw strokes
  /// that move at least 10 pt, in order of task, participant and stroke.
  @Test(.enabled(if: HenzeRawData.isPresent))
  func strokeTracesAreEveryFifteenthMovingPaintOrWriteStroke() throws {
    let paint = try HenzeRawData.strokes(task: "Paint")
    let write = try HenzeRawData.strokes(task: "Write")
    #expect(paint.count == 921 && write.count == 1_304)
    let moving = (paint + write).filter(\.moves)
    #expect(moving.count == 1_548)
    let sample = stride(from: 0, to: moving.count, by: 15).map { moving[$0] }
    let shipped = try Self.shipped("henze-strokes.csv").traces
    #expect(shipped.map(\.id) == sample.map(\.id))
    for (trace, stroke) in zip(shipped, sample) {
      let points = try #require(trace.inPoints())
      let end = try #require(points.events.last?.translation)
      #expect(abs(end.x - stroke.net.dx) < 1e-6 && abs(end.y - stroke.net.dy) < 1e-6)
    }
  }
}
