import GestureTrace

/// The throughput of an `analyze` run, for `--stats` on standard error:
/// wall time, MB/s and events/s overall, then each variant's replay speed.
///
/// Replay times are summed over threads (the time each replay call took),
/// so a variant's events per second is what one thread replays.
struct AnalyzeThroughput {
  /// The analysis of every trace read.
  let analyzer: TraceAnalyzer
  let jobs: Int
  /// Nanoseconds from the start of reading to the end of writing.
  let elapsed: UInt64

  func rendered() -> String {
    let seconds = Double(elapsed) / 1e9
    let megabytes = Double(analyzer.byteCount) / 1e6
    var text = "analyze: \(analyzer.traceCount) traces, \(analyzer.eventCount) events"
    if analyzer.byteCount > 0 { text += ", " + fixed(megabytes, 1) + " MB" }
    text += " in " + fixed(seconds, 3) + " s on \(jobs) thread\(jobs == 1 ? "" : "s")"
    if seconds > 0 {
      if analyzer.byteCount > 0 { text += ": " + fixed(megabytes / seconds, 1) + " MB/s," }
      text += " " + fixed(Double(analyzer.eventCount) / seconds / 1e6, 2) + " M events/s"
    }
    text += "\n"
    for (index, variant) in analyzer.variants.enumerated() {
      let replaySeconds = Double(analyzer.replayNanoseconds[index]) / 1e9
      let events = analyzer.replayEvents[index]
      text += "replay [\(index + 1)] \(variant.spec): \(events) events in "
      text += fixed(replaySeconds, 3) + " s"
      if replaySeconds > 0 {
        text += ", " + fixed(Double(events) / replaySeconds / 1e6, 2) + " M events/s per thread"
      }
      text += "\n"
    }
    return text
  }
}
