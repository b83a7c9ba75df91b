import Testing

@testable import GestureTrace

/// The decision maps' points in a partial summary: read back as written,
/// and a point that is not one is a problem with its position.
@Suite struct DecisionMapPartialTests {
  /// The summary line of a partial of the first 30 synthetic traces.
  static func lines() -> [String] {
    PartialReaderTests.partial(PartialReaderTests.traces[..<30]).split(separator: "\n").map(
      String.init)
  }

  /// Reading the partial gives back the maps' points, bit for bit.
  @Test func pointsReadBackAsWritten() throws {
    let items = try PartialReaderTests.read(Self.lines().joined(separator: "\n") + "\n")
    guard case .summary(let summary) = items.last else {
      Issue.record("no summary")
      return
    }
    var direct = GroupedAccumulator(plan: PartialReaderTests.plan)
    for trace in PartialReaderTests.traces[..<30] { direct.add(trace) }
    let read = summary.accumulator.overall.decisionMaps
    let written = direct.overall.decisionMaps
    #expect(read.totals == written.totals)
    #expect(read.frames.map(\.hasMap) == [true, true, false, true])
    for map in read.frames.indices {
      #expect(read.points(ofMap: map) == written.points(ofMap: map))
    }
    #expect(read.points(ofMap: 0).contains { $0.source == .synthetic && $0.label != nil })
  }

  /// A point whose source is not a label source, or a map more than the
  /// plan's four transitions (the seeds, music-card's without points), is
  /// refused.
  @Test(arguments: [
    (",\"synthetic\",\"", ",\"robot\",\"", "expected human, correction or synthetic"),
    (
      "\"decisionMaps\":[[", "\"decisionMaps\":[[0,[]],[",
      "expected an array of 4 elements, found 5"
    ),
  ])
  func aPointThatIsNotOneIsAProblem(replacing: String, with: String, message: String) {
    var lines = Self.lines()
    let last = lines.count - 1
    let summary = lines[last]
    guard let start = summary.range(of: "\"decisionMaps\":") else {
      Issue.record("no decision maps in \(summary.prefix(200))")
      return
    }
    let head = summary[..<start.lowerBound]
    let tail = String(summary[start.lowerBound...])
    guard let found = tail.range(of: replacing) else {
      Issue.record("nothing to replace")
      return
    }
    lines[last] = head + tail.replacingCharacters(in: found, with: with)
    #expect {
      try PartialReaderTests.read(lines.joined(separator: "\n") + "\n")
    } throws: { error in
      "\(error)".contains(message)
    }
  }
}
