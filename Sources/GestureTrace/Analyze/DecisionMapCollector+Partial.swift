/// The decision maps' points as a partial summary keeps them.
extension DecisionMapCollector {
  /// Appends the maps as a JSON array, one `[traces, points]` per
  /// transition in plan order; each point is `[id, x, y, duration, label,
  /// source, outcome, wrong]` (label `null` when unlabelled, source `human`,
  /// `correction` or `synthetic`, wrong the plan indices of the variants
  /// that decided otherwise than the label), at most ``limit``, in key
  /// order.
  func appendCounts(to output: inout String) {
    output += "["
    for map in frames.indices {
      if map > 0 { output += "," }
      output += "[" + String(totals[map]) + ",["
      for (index, point) in points(ofMap: map).enumerated() {
        output += index == 0 ? "[" : ",["
        PartialText.append(point.id, to: &output)
        for number in [point.x, point.y, point.duration] {
          output += ","
          PartialText.append(number, to: &output)
        }
        output += ","
        PartialText.append(point.label, to: &output)
        output += ","
        PartialText.append(point.source.name, to: &output)
        output += ","
        PartialText.append(point.outcome, to: &output)
        output += ","
        PartialText.append(point.wrong, to: &output)
        output += "]"
      }
      output += "]]"
    }
    output += "]"
  }

  /// Reads back the maps ``appendCounts(to:)`` wrote; `most` bounds the
  /// trace counts.
  mutating func read(
    _ value: JSONValue, in line: PartialLine, most: ClosedRange<Int>
  ) throws(PartialProblem) {
    let maps = try line.array(value, count: frames.count)
    let variantRange = 0...max(0, startPages.count - 1)
    for (map, item) in maps.enumerated() {
      let pair = try line.array(item, count: 2)
      let total = try line.integer(pair[0], in: most)
      let listed = try line.array(pair[1])
      guard listed.count <= min(limit, total) else {
        throw line.problem(
          at: pair[1], "expected at most \(min(limit, total)) decision-map points, found more")
      }
      var points: [DecisionMapPoint] = []
      for element in listed {
        let fields = try line.array(element, count: 8)
        let sourceName = try line.string(fields[5])
        guard let source = LabelSource.allCases.first(where: { $0.name == sourceName }) else {
          throw line.problem(
            at: fields[5],
            "expected human, correction or synthetic, found \(line.quoted(fields[5]))")
        }
        var wrong: [Int] = []
        for index in try line.array(fields[7]) {
          wrong.append(try line.integer(index, in: variantRange))
        }
        let label = try line.optionalString(fields[4])
        try line.check(
          label != nil || wrong.isEmpty, at: fields[7],
          "expected no variant deciding otherwise than a label on an unlabelled point, "
            + "found \(wrong.count)")
        points.append(
          DecisionMapPoint(
            id: try line.string(fields[0]), x: try line.finite(fields[1]),
            y: try line.finite(fields[2]), duration: try line.finite(fields[3]),
            label: label, source: source,
            outcome: try line.string(fields[6]), wrong: wrong))
      }
      restore(map: map, total: total, points: points)
    }
  }
}
