import GestureTrace

/// One trace replayed frame by frame through one or more variants, as
/// text, CSV or JSON.
///
/// Every variant's frames fall on the same grid; a variant that settles
/// earlier keeps its resting values in the later rows.
struct ReplayTimelineReport {
  let trace: Trace
  let variants: [Variant]
  let timelines: [ReplayTimeline]
  let fps: Int

  /// The column names after `t`: properties, prefixed by the spec when
  /// there are several variants.
  var columns: [String] {
    zip(variants, timelines).flatMap { variant, timeline in
      timeline.propertyNames.map { variants.count > 1 ? "\(variant.spec).\($0)" : $0 }
    }
  }

  /// The rows: the time, then every column's value.
  var rows: [(time: TraceTime, values: [Double])] {
    let count = timelines.map(\.frames.count).max() ?? 0
    let longest = timelines.first { $0.frames.count == count }
    return (0..<count).map { index in
      let values = timelines.flatMap { timeline -> [Double] in
        (index < timeline.frames.count ? timeline.frames[index] : timeline.frames.last)?.values
          ?? []
      }
      return (longest?.frames[index].time ?? .zero, values)
    }
  }

  /// Each threshold with the time it was first exceeded.
  func crossings(_ timeline: ReplayTimeline) -> [(Threshold, TraceTime?)] {
    Array(zip(timeline.thresholds, timeline.crossings))
  }

  func rendered(_ format: ReplayFormat) -> String {
    switch format {
    case .text: return text()
    case .csv: return csv()
    case .json: return json()
    }
  }

  private func summaryLines(prefix: String) -> String {
    var text = ""
    for (index, (variant, timeline)) in zip(variants, timelines).enumerated() {
      let outcome = timeline.outcome
      // NB: names from input never reach the terminal raw, nor start a
      // line of the CSV that is not a comment.
      text +=
        "\(prefix)[\(index + 1)] \(variant.spec.escapingControlCharacters): "
        + "\(outcome.outcome.description.escapingControlCharacters), decided at "
        + "\(outcome.decidedAt) s, settled at \(outcome.settledAt) s\n"
      for (threshold, time) in crossings(timeline) {
        text +=
          "\(prefix)    \(threshold.name.escapingControlCharacters) "
          + "(\(threshold.property.escapingControlCharacters) > "
          + "\(threshold.value.reportText)): "
          + (time.map { "crossed at \($0) s" } ?? "not crossed") + "\n"
      }
    }
    return text
  }

  private func text() -> String {
    var text =
      "Trace \(trace.id.escapingControlCharacters): \(trace.events.count) events over "
      + "\(trace.duration) s; "
    text += "\(rows.count) frames at \(fps) fps\n"
    text += summaryLines(prefix: "")
    let header = ["t"] + columns.map(\.escapingControlCharacters)
    let body = rows.map { row in [fixed(row.time.seconds, 4)] + row.values.map { fixed($0, 3) } }
    return text + "\n" + TextTable(rows: [header] + body).rendered()
  }

  private func csv() -> String {
    var text = summaryLines(prefix: "# ")
    text += (["t"] + columns).map(csvField).joined(separator: ",") + "\n"
    for row in rows {
      text += row.time.description
      for value in row.values { text += "," + value.reportText }
      text += "\n"
    }
    return text
  }

  private func json() -> String {
    var text = "{\"version\":1,\"trace\":\(jsonString(trace.id)),\"fps\":\(fps),\"variants\":["
    text += zip(variants, timelines).map { variant, timeline in
      let outcome = timeline.outcome
      var item = "{\"spec\":\(jsonString(variant.spec)),"
      item += "\"outcome\":\(jsonString(outcome.outcome.description)),"
      item += "\"decidedAt\":\(outcome.decidedAt),\"settledAt\":\(outcome.settledAt),"
      item += "\"properties\":[" + timeline.propertyNames.map(jsonString).joined(separator: ",")
      item += "],\"thresholds\":["
      item += crossings(timeline).map { threshold, time in
        "{\"name\":\(jsonString(threshold.name)),\"property\":\(jsonString(threshold.property)),"
          + "\"value\":\(threshold.value.reportText),\"crossedAt\":"
          + (time.map { $0.description } ?? "null") + "}"
      }.joined(separator: ",")
      return item + "]}"
    }.joined(separator: ",")
    text += "],\"columns\":[" + (["t"] + columns).map(jsonString).joined(separator: ",")
    text += "],\"frames\":["
    text += rows.map { row in
      "\n[" + ([row.time.description] + row.values.map(\.reportText)).joined(separator: ",") + "]"
    }.joined(separator: ",")
    return text + "\n]}\n"
  }
}

extension ReplayTimeline {
  /// The timeline with only the named properties it has, in the order
  /// named (`replay --properties`); thresholds and crossings are kept.
  func keeping(_ names: [String]) -> ReplayTimeline {
    let indices = names.compactMap { propertyNames.firstIndex(of: $0) }
    var kept = self
    kept.propertyNames = indices.map { propertyNames[$0] }
    kept.frames = frames.map { frame in
      var frame = frame
      frame.values = indices.map { frame.values[$0] }
      return frame
    }
    return kept
  }
}
