import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// Commands that replay or measure traces read them in points: traces in
/// pixels are divided by their scale, and those with none are left out.
@Suite struct LeftOutTracesTests {
  /// A downward drag written by hand in points: 0, 30, 60, 90 pt.
  static let points = """
    # gesturetrace: 1
    trace,t,phase,tx,ty,vx,vy,x,y
    # trace g1 units: pt
    # trace g1 scale: 3
    g1,0,began,0,0,0,0,100,200
    g1,0.016,changed,3,30,180,1800,103,230
    g1,0.032,changed,6,60,180,1800,106,260
    g1,0.048,ended,9,90,180,1800,109,290

    """

  /// The same drag in pixels at 3 pixels per point.
  static let pixels = """
    # gesturetrace: 1
    trace,t,phase,tx,ty,vx,vy,x,y
    # trace g1 units: px
    # trace g1 scale: 3
    g1,0,began,0,0,0,0,300,600
    g1,0.016,changed,9,90,540,5400,309,690
    g1,0.032,changed,18,180,540,5400,318,780
    g1,0.048,ended,27,270,540,5400,327,870

    """

  /// The drag in points, then a trace in pixels with no scale.
  static let mixed =
    points + """
      # trace p1 units: px
      p1,0,began,0,0,0,0,300,600
      p1,0.016,changed,9,90,540,5400,309,690
      p1,0.048,ended,27,270,540,5400,327,870

      """

  static let warning =
    "warning: left out 1 trace in pixels with no scale (units: px); give its pixels per point "
    + "with 'convert --scale S' or a 'scale' metadata line\n"

  @Test(arguments: [
    ["analyze", "-", "--format", "text"], ["analyze", "-", "--format", "csv"],
    ["analyze", "-", "--format", "json"], ["replay", "-", "--variant", "lyrics-swap"],
    ["replay", "-", "--format", "csv", "--variant", "player-sheet", "--variant", "music-card"],
    ["replay", "-", "--trace", "g1", "--variant", "lyrics-swap", "--format", "csv"],
    ["info", "-"],
  ])
  func pixelsWithAScaleGiveWhatTheTraceInPointsGives(_ arguments: [String]) {
    let expected = run(arguments, input: Self.points)
    #expect(expected.exitCode == .success, "\(expected.error)")
    let result = run(arguments, input: Self.pixels)
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(result.error.isEmpty)
    #expect(result.output == expected.output)
  }

  @Test func pixelsWithAScaleAreNotReadAsPoints() {
    // Divided by 3: a net distance of 90.4 pt, not the 271.3 of the pixels.
    let info = run(["info", "-"], input: Self.pixels).output
    #expect(info.contains("  net distance        90.4 – 90.4 pt (median 90.4)\n"))
  }

  @Test func analyzeLeavesOutPixelsWithNoScaleAndSaysSo() {
    let text = run(["analyze", "-"], input: Self.mixed)
    #expect(text.exitCode == .success)
    #expect(text.error == Self.warning)
    #expect(
      text.output.hasPrefix(
        "1 trace from 1 file: <stdin> (1 left out: pixels with no scale)\n"))
    // Every other line is what the trace in points alone gives.
    let alone = run(["analyze", "-"], input: Self.points).output
    #expect(
      text.output.split(separator: "\n").dropFirst() == alone.split(separator: "\n").dropFirst())
    let csv = run(["analyze", "-", "--format", "csv"], input: Self.mixed)
    #expect(csv.error == Self.warning)
    #expect(csv.output == run(["analyze", "-", "--format", "csv"], input: Self.points).output)
    let html = run(["analyze", "-", "--format", "html"], input: Self.mixed).output
    #expect(html.contains("<code>&lt;stdin&gt;</code> (1 left out: pixels with no scale)</p>"))
  }

  @Test func replayLeavesOutPixelsWithNoScaleAndSaysSo() {
    let arguments = ["replay", "-", "--format", "csv", "--variant", "lyrics-swap"]
    let result = run(arguments, input: Self.mixed)
    #expect(result.exitCode == .success)
    // One row: the drag in points.
    #expect(result.output == run(arguments, input: Self.points).output)
    #expect(result.output.split(separator: "\n") == ["trace,lyrics-swap", "g1,cancel"])
    #expect(result.error == Self.warning)
    assertRun(
      ["replay", "-", "--trace", "p1", "--variant", "lyrics-swap"], input: Self.mixed,
      stderr: "Error: Trace 'p1' is in pixels with no scale (units: px); give its pixels per "
        + "point with 'convert --scale S' or a 'scale' metadata line\n",
      exit: .dataError)
  }

  @Test func infoCountsPixelsWithNoScaleButDoesNotMeasureThem() {
    let result = run(["info", "-"], input: Self.mixed)
    #expect(result.exitCode == .success)
    #expect(result.error == Self.warning)
    #expect(
      result.output.contains(
        "  traces              1\n  left out            1 trace in px with no scale\n"
          + "  events              4\n"))
    // Measured: the drag in points only.
    #expect(result.output.contains("  net distance        90.4 – 90.4 pt (median 90.4)\n"))
  }

  @Test func aScaleForTheWholeFileConvertsEveryTrace() {
    let whole = Self.pixels.replacingOccurrences(of: "# trace g1 scale: 3\n", with: "")
      .replacingOccurrences(of: "# gesturetrace: 1\n", with: "# gesturetrace: 1\n# scale: 3\n")
    let result = run(["info", "-"], input: whole)
    #expect(result.error.isEmpty)
    #expect(result.output.contains("  net distance        90.4 – 90.4 pt (median 90.4)\n"))
  }

  @Test func oneWarningCountsEveryFileAndUnit() {
    var leftOut = LeftOutTraces()
    var other = LeftOutTraces()
    var trace = Trace(id: "a")
    trace.metadata.units = "px"
    #expect(leftOut.points(trace) == nil)
    trace.metadata.units = "cell"
    #expect(other.points(trace) == nil)
    #expect(other.points(trace) == nil)
    trace.metadata.scale = 2
    #expect(other.points(trace)?.metadata.units == "pt")
    leftOut.merge(other)
    #expect(leftOut.count == 3)
    #expect(
      leftOut.warning
        == "warning: left out 3 traces in pixels with no scale (units: cell, px); give their "
        + "pixels per point with 'convert --scale S' or a 'scale' metadata line\n")
    #expect(LeftOutTraces().warning == nil)
  }
}
