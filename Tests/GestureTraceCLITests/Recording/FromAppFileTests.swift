import Foundation
import GestureTrace
import Testing

/// A file written as the apps of Examples/ write it — DragRecorder traces
/// labelled by a CorrectionLabeler, CSV with velocities and locations —
/// validates and analyzes as the README's "From your app" says.
@Suite struct FromAppFileTests {
  /// Two drags down on a sheet that starts open: a fast one that closed it
  /// and was undone 1 s later, a slow one that sprang back before the
  /// close button 1.5 s later.
  static func file() -> String {
    var metadata = TraceMetadata()
    metadata.target = "player-sheet"
    var recorder = DragRecorder(metadata: metadata, idPrefix: "s1-")
    var labeler = CorrectionLabeler()
    let encoder = CSVTraceEncoder(columns: CSVColumns(velocity: true, location: true))
    var text = encoder.fileHeader()
    func drag(at start: Double, _ ys: [Double]) -> Trace? {
      for (index, y) in ys.dropLast().enumerated() {
        recorder.changed(
          time: start + Double(index) / 100, location: Vector2D(x: 50, y: 300 + y),
          startLocation: Vector2D(x: 50, y: 300), translation: Vector2D(x: 0, y: y))
      }
      return recorder.ended(
        time: start + Double(ys.count - 1) / 100, location: Vector2D(x: 50, y: 300 + ys.last!),
        translation: Vector2D(x: 0, y: ys.last!))
    }
    var decided: [Trace] = []
    if let fast = drag(at: 10, [12, 40, 90, 160, 240]) {
      decided += labeler.gestureEnded(fast, outcome: .completed, at: 10.04)
    }
    decided += labeler.record(.reopened(at: 11.04))
    if let slow = drag(at: 20, [11, 14, 18, 21, 24]) {
      decided += labeler.gestureEnded(slow, outcome: .snappedBack, at: 20.04)
    }
    decided += labeler.record(.closedByButton(at: 21.54))
    for trace in decided { encoder.encode(trace, into: &text) }
    return text
  }

  @Test func theFileValidatesAndIsAnalyzedAgainstItsLabels() throws {
    let text = Self.file()
    #expect(text.contains("# trace s1-1 intent: cancel\n"))
    #expect(text.contains("# trace s1-1 intentSource: correction\n"))
    #expect(text.contains("# trace s1-2 intent: complete\n"))
    #expect(text.contains("# trace s1-2 minimumDistance: 10\n"))
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("pans.csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let validated = run(["validate", path])
    #expect(validated.exitCode.rawValue == 0, "\(validated.output)\(validated.error)")
    #expect(validated.output.contains("2 valid traces (10 events), no problems."))
    let analyzed = run(["analyze", path, "--variant", "player-sheet:start=open"])
    #expect(analyzed.exitCode.rawValue == 0, "\(analyzed.error)")
    // Labels inferred from corrections are counted and scored as their own
    // source, never as people's.
    #expect(analyzed.output.contains("Labels: 2 labels inferred from corrections.\n"))
    #expect(
      analyzed.output.contains(
        "Against labels inferred from corrections (what people did next): 2 labelled traces "
          + "meant for it"))
    #expect(!analyzed.output.contains("people's labels"))
  }
}
