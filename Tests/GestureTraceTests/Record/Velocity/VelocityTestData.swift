import Foundation
import Testing

@testable import GestureTrace

/// Reads the recorded velocity data in `../shared/data/velocity/`.
///
/// Sources: AOSP `libs/input/tests/VelocityTracker_test.cpp` (Apache-2.0, The
/// Android Open Source Project) and Flutter `velocity_tracker_data.dart` /
/// `velocity_tracker_test.dart` (BSD-3-Clause, The Flutter Authors).
enum VelocityTestData {
  /// The data folder: from this file up to the package root, then `../shared`.
  static let root: URL =
    packageRoot
    .appendingPathComponent("../shared/data/velocity")
    .standardizedFileURL

  /// The rows of a CSV file as dictionaries keyed by the header; empty when
  /// the file is missing.
  static func rows(_ relativePath: String) -> [[String: String]] {
    let url = root.appendingPathComponent(relativePath)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    var lines = text.split(whereSeparator: \.isNewline).map(String.init)
    guard !lines.isEmpty else { return [] }
    let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false)
      .map(String.init)
    return lines.map { line in
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      var row: [String: String] = [:]
      for (key, value) in zip(header, fields) { row[key] = String(value) }
      return row
    }
  }

  /// Whether a data file exists.
  static func exists(_ relativePath: String) -> Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent(relativePath).path)
  }

  /// Exact nanoseconds from decimal milliseconds such as `235089095.677625`.
  static func nanoseconds(milliseconds text: String) -> Int64? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = Int64(parts[0]) else { return nil }
    var fraction = parts.count == 2 ? String(parts[1]) : ""
    guard fraction.count <= 6 else { return nil }
    fraction += String(repeating: "0", count: 6 - fraction.count)
    guard let fractionValue = Int64(fraction) else { return nil }
    return whole * 1_000_000 + fractionValue
  }

  /// A sample at `nanoseconds`.
  static func sample(
    _ nanoseconds: Int64, _ x: Double, _ y: Double, _ action: PointerAction
  ) -> PointerSample {
    PointerSample(
      time: TraceTime(nanoseconds: nanoseconds), position: Vector2D(x: x, y: y), action: action)
  }

  // MARK: - Android

  /// The samples of an AOSP single-pointer case file `aosp/<name>.csv`: the
  /// first row is the down, the last the lift (or a cancel), the rest moves.
  static func aospSamples(case name: String, lastAction: PointerAction) -> [PointerSample] {
    let rows = rows("aosp/\(name).csv")
    return rows.enumerated().compactMap { index, row in
      guard let time = row["t_ms"].flatMap(nanoseconds(milliseconds:)),
        let x = row["x"].flatMap(Double.init), let y = row["y"].flatMap(Double.init)
      else { return nil }
      let action: PointerAction =
        index == 0 ? .down : index == rows.count - 1 ? lastAction : .move
      return sample(time, x, y, action)
    }
  }

  /// One pointer's samples from an AOSP `raw/<name>.csv` file, as a per-pointer
  /// tracker sees them: its own down, up and cancel; moves (including other
  /// pointers' down events) unless resampled; other pointers' lifts dropped.
  static func aospRawSamples(case name: String, pointer: String) -> [PointerSample] {
    rows("aosp/raw/\(name).csv").compactMap { row -> PointerSample? in
      guard row["pointer_id"] == pointer,
        let time = row["t_ns"].flatMap({ Int64($0) }),
        let x = row["x"].flatMap(Double.init), let y = row["y"].flatMap(Double.init),
        let kind = row["action"]
      else { return nil }
      let isActionPointer = row["action_pointer_id"] == pointer
      let action: PointerAction
      switch kind {
      case "DOWN": action = .down
      case "POINTER_DOWN": action = isActionPointer ? .down : .move
      case "MOVE": action = .move
      case "UP": action = .up
      case "CANCEL": action = .cancel
      case "POINTER_UP":
        guard isActionPointer else { return nil }
        action = .up
      case "POINTER_UP(FLAG_CANCELED)":
        guard isActionPointer else { return nil }
        action = .cancel
      default: return nil
      }
      // NB: Android skips samples the input pipeline resampled.
      if action == .move, row["resampled"] == "true" { return nil }
      return sample(time, x, y, action)
    }
  }

  /// How each AOSP case file ends (`UP` or `CANCEL`), from `aosp/cases.csv`.
  static let aospLastActions: [String: PointerAction] = {
    var result: [String: PointerAction] = [:]
    for row in rows("aosp/cases.csv") {
      guard let name = row["case"] else { continue }
      result[name] = row["last_event"] == "CANCEL" ? .cancel : .up
    }
    return result
  }()

  // MARK: - Flutter

  /// The samples of a Flutter gesture file `flutter/gestures/<name>.csv`.
  static func flutterSamples(case name: String) -> [PointerSample] {
    rows("flutter/gestures/\(name).csv").compactMap { row in
      guard let time = row["t_ms"].flatMap(nanoseconds(milliseconds:)),
        let x = row["x"].flatMap(Double.init), let y = row["y"].flatMap(Double.init),
        let action = row["event"].flatMap(PointerAction.init(rawValue:))
      else { return nil }
      return sample(time, x, y, action)
    }
  }
}

/// The relative error of `actual` against `expected`, or the absolute error
/// when `expected` is zero.
func velocityError(_ actual: Double, _ expected: Double) -> Double {
  expected == 0 ? abs(actual) : abs(actual - expected) / abs(expected)
}
