import Foundation
import GestureTrace

/// The recorder, the labeller and the file.
struct PanLog {
  /// Ids start with the launch time, so launches appending to one file
  /// never repeat one.
  var recorder = PanRecorder(
    metadata: PanLog.metadata, idPrefix: "u\(Int(Date().timeIntervalSince1970))-")
  private var labeler = CorrectionLabeler(
    policy: CorrectionPolicy(undoWindow: 3, retryWindow: 2))
  private let encoder = CSVTraceEncoder(columns: CSVColumns(velocity: true, location: true))

  private static var metadata: TraceMetadata {
    var metadata = TraceMetadata()
    // Intent is relative to this transition: these drags close a sheet that
    // starts open (analyze them with --variant player-sheet:start=open).
    metadata.target = "player-sheet"
    return metadata
  }

  /// Documents/pans.csv.
  var fileURL: URL {
    FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
      .appendingPathComponent("pans.csv")
  }

  /// A recorded pan ended: the labeller holds it until the next event.
  mutating func ended(_ trace: Trace, outcome: GestureEndOutcome, at time: Double) {
    write(labeler.flush(at: time))
    write(labeler.gestureEnded(trace, outcome: outcome, at: time))
  }

  /// What the person did next: it may label the pan held.
  mutating func note(_ event: CorrectionEvent) {
    write(labeler.flush(at: event.time))
    write(labeler.record(event))
  }

  /// Writes out the pan held, unlabelled, before the file is shared.
  mutating func finish() {
    write(labeler.finish())
  }

  /// Appends the decided traces to the file, the header first.
  private func write(_ traces: [Trace]) {
    guard !traces.isEmpty else { return }
    var text = ""
    let exists = FileManager.default.fileExists(atPath: fileURL.path)
    if !exists { text = encoder.fileHeader() }
    for trace in traces { encoder.encode(trace, into: &text) }
    if exists, let handle = try? FileHandle(forWritingTo: fileURL) {
      _ = try? handle.seekToEnd()
      try? handle.write(contentsOf: Data(text.utf8))
      try? handle.close()
    } else {
      try? text.write(to: fileURL, atomically: true, encoding: .utf8)
    }
  }
}
