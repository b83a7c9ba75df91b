import Foundation
import Testing

@testable import GestureTrace

@Suite struct TracePointsTests {
  /// A downward drag written by hand in points: 0, 30, 60, 90 pt, released
  /// at 90 pt moving at 1,800 pt/s.
  static let points: Trace = {
    var trace = Trace(id: "g1")
    trace.metadata.units = "pt"
    trace.metadata.scale = 3
    let ys: [Double] = [0, 30, 60, 90]
    for (index, y) in ys.enumerated() {
      trace.events.append(
        PanEvent(
          time: .milliseconds(Int64(16 * index)),
          phase: index == 0 ? .began : index == ys.count - 1 ? .ended : .changed,
          translation: Vector2D(x: y / 10, y: y),
          velocity: Vector2D(x: 180, y: 1_800),
          location: Vector2D(x: 100 + y / 10, y: 200 + y)))
    }
    return trace
  }()

  /// The same drag recorded in pixels at 3 pixels per point.
  static func pixels(scale: Double? = 3) -> Trace {
    var trace = Trace(id: "g1")
    trace.metadata.units = "px"
    trace.metadata.scale = scale
    trace.events = points.events.map { event in
      var event = event
      event.translation = event.translation * 3
      event.velocity = event.velocity.map { $0 * 3 }
      event.location = event.location.map { $0 * 3 }
      return event
    }
    return trace
  }

  /// An event at a time, with the divisor the metadata gives, as `convert`
  /// writes a CSV trace read a row at a time: the whole trace's events.
  @Test(
    arguments: [(3, nil), (nil, 3), (nil, nil), (2, 5), (1e-300, nil)] as [(Double?, Double?)])
  func eventByEventConversionIsTheWholeTracesConversion(own: Double?, fallback: Double?) {
    let pixels = Self.pixels(scale: own)
    let whole = pixels.inPoints(fallbackScale: fallback)
    let divisor = pixels.pointDivisor(fallbackScale: fallback)
    #expect((whole == nil) == (divisor == nil))
    #expect(divisor == own ?? fallback)
    if let whole, let divisor {
      #expect(whole.events == pixels.events.map { Trace.inPoints($0, dividingBy: divisor) })
    }
    // A trace in points needs no divisor.
    #expect(Self.points.pointDivisor(fallbackScale: 3) == nil)
  }

  @Test func pixelsWithAScaleConvertToTheTraceWrittenInPoints() throws {
    let converted = try #require(Self.pixels().inPoints())
    #expect(converted == Self.points)
    #expect(converted.metadata.units == "pt")
    #expect(converted.metadata["scale"] == "3")
  }

  @Test func convertedTraceReplaysAndMeasuresAsTheTraceInPoints() throws {
    let pixels = Self.pixels()
    let converted = try #require(pixels.inPoints())
    for variant in Variant.seeds {
      let replayer = Replayer()
      #expect(
        replayer.outcome(of: converted, with: variant)
          == replayer.outcome(of: Self.points, with: variant), "\(variant.spec)")
    }
    #expect(TraceFeatures(of: converted) == TraceFeatures(of: Self.points))
    // Read as points, the pixels are a three times longer, faster drag.
    #expect(TraceFeatures(of: pixels) != TraceFeatures(of: Self.points))
  }

  @Test func traceInPointsIsReturnedAsItIs() throws {
    #expect(Self.points.isInPoints)
    #expect(Self.points.inPoints() == Self.points)
    var unitless = Self.points
    unitless.metadata.units = nil
    #expect(unitless.isInPoints)
    // A trace in points keeps its numbers, whatever its scale says.
    #expect(unitless.inPoints(fallbackScale: 7) == unitless)
  }

  @Test(arguments: [nil, 0, -2] as [Double?])
  func pixelsWithoutAUsableScaleDoNotConvert(scale: Double?) {
    let pixels = Self.pixels(scale: scale)
    #expect(!pixels.isInPoints)
    #expect(pixels.pointScale == nil)
    #expect(pixels.inPoints() == nil)
  }

  @Test func fallbackScaleConvertsOnlyTracesWithoutTheirOwn() throws {
    let unscaled = try #require(Self.pixels(scale: nil).inPoints(fallbackScale: 3))
    #expect(unscaled == Self.points)
    // Its own scale wins over the fallback.
    #expect(Self.pixels().inPoints(fallbackScale: 1.5) == Self.points)
    #expect(Self.pixels(scale: nil).inPoints(fallbackScale: .infinity) == nil)
    #expect(Self.pixels(scale: nil).inPoints(fallbackScale: 0) == nil)
  }

  @Test func anyUnitOtherThanPointsConverts() throws {
    var cells = Self.pixels()
    cells.metadata.units = "cell"
    let converted = try #require(cells.inPoints())
    #expect(converted.events == Self.points.events)
    #expect(converted.metadata.units == "pt")
  }

  @Test func everyShippedRecordedTraceConvertsToPoints() throws {
    let url =
      packageRoot
      .appendingPathComponent("traces/recorded-fingers.csv")
    var decoder = CSVTraceDecoder()
    let traces = decoder.decode(try String(contentsOf: url, encoding: .utf8)).compactMap {
      item -> Trace? in
      if case .trace(let trace, _) = item { return trace }
      return nil
    }
    #expect(traces.count == 22)
    let pixels = traces.filter { !$0.isInPoints }
    // The 14 AOSP traces are in device pixels, each with its device's scale.
    #expect(pixels.count == 14)
    for trace in pixels {
      #expect(trace.metadata.units == "px", "\(trace.id)")
      #expect(trace.pointScale == 2.625, "\(trace.id)")
    }
    #expect(traces.allSatisfy { $0.inPoints() != nil })
  }
}

@Suite struct TracePointsSaturationTests {
  /// 1e300 px at 1e-300 px per point would be 1e600 pt: it saturates at the
  /// largest double instead of becoming infinite.
  @Test func aTinyScaleSaturatesInsteadOfOverflowing() throws {
    var trace = Trace(id: "g1")
    trace.metadata.units = "px"
    trace.metadata.scale = 1e-300
    trace.events = [
      PanEvent(time: .zero, phase: .began, translation: Vector2D(x: 0, y: 0)),
      PanEvent(
        time: .milliseconds(10), phase: .ended, translation: Vector2D(x: -1e300, y: 1e300),
        velocity: Vector2D(x: 1, y: -1e300)),
    ]
    let points = try #require(trace.inPoints())
    #expect(
      points.events[1].translation
        == Vector2D(x: -.greatestFiniteMagnitude, y: .greatestFiniteMagnitude))
    #expect(points.events[1].velocity == Vector2D(x: 1 / 1e-300, y: -.greatestFiniteMagnitude))
  }
}
