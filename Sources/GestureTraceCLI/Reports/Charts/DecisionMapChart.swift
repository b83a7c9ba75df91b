import GestureTrace

/// A transition's decision map as an inline SVG: one circle per trace shown
/// at (progress, velocity) or (position, velocity), coloured by its label
/// (filled for a person's label, a ring for a synthetic one, faint and
/// coloured by the published variant's decision when unlabelled), and one
/// path per variant along its decision boundary, labelled with the
/// variant's number.
///
/// The element is `<svg class="decision-map" data-transition="NAME">`; each
/// circle carries `data-label` (or `data-outcome` when unlabelled) and
/// `data-source`, each boundary `class="boundary"` and `data-variant`.
enum DecisionMapChart {
  static let width = 760.0
  static let height = 460.0
  static let left = 78.0
  static let right = 200.0
  static let top = 18.0
  static let bottom = 52.0

  /// The colour of a label or decision on `map`: blue for `complete`,
  /// vermilion for `cancel`, a colour per stop in order along the track.
  static func colour(of label: String, on map: DecisionMap) -> String {
    if map.isMultiStop {
      guard let index = map.stops.firstIndex(where: { $0.name == label }) else {
        return "#999999"
      }
      return OutcomePalette.pages[index % OutcomePalette.pages.count]
    }
    switch label {
    case "complete": return OutcomePalette.colour(of: .complete)
    case "cancel": return OutcomePalette.colour(of: .cancel)
    default: return "#999999"
    }
  }

  /// The labels a map colours, in legend order.
  static func labels(of map: DecisionMap) -> [String] {
    map.isMultiStop ? map.stops.map(\.name) : ["complete", "cancel"]
  }

  /// The boundary colours and dashes, by variant number.
  private static let strokes = [
    "#111111", "#7b3294", "#1b7837", "#8c510a", "#c51b7d", "#2166ac", "#b35806", "#542788",
    "#4d4d4d",
  ]
  private static let dashes = ["", "7 4", "2 3", "9 3 2 3"]

  /// The SVG of `map`; `specs` are the plan's variant specs.
  static func rendered(_ map: DecisionMap, specs: [String]) -> String {
    let (plotLeft, plotRight) = (left, width - right)
    let (plotTop, plotBottom) = (top, height - bottom)
    let x = LinearScale(map.xRange.lowerBound, map.xRange.upperBound, to: plotLeft, plotRight)
    let y = LinearScale(map.yRange.lowerBound, map.yRange.upperBound, to: plotBottom, plotTop)
    func px(_ value: Double) -> Double { min(max(x(value), plotLeft), plotRight) }
    func py(_ value: Double) -> Double { min(max(y(value), plotTop), plotBottom) }
    var canvas = SVGCanvas(
      width: width, height: height,
      title: "Decision map of \(map.transition): \(map.points.count) of \(map.traceCount) "
        + "traces and \(map.boundaries.count) boundar\(map.boundaries.count == 1 ? "y" : "ies")")
    canvas.rect(
      x: plotLeft, y: plotTop, width: plotRight - plotLeft, height: plotBottom - plotTop,
      fill: "#fafafa", stroke: nil)
    for tick in x.ticks() {
      canvas.line(
        x1: px(tick), y1: plotTop, x2: px(tick), y2: plotBottom, stroke: "#e4e4e4")
      canvas.text(x.label(tick), x: px(tick), y: plotBottom + 16, anchor: .middle, size: 10)
    }
    for tick in y.ticks() {
      canvas.line(
        x1: plotLeft, y1: py(tick), x2: plotRight, y2: py(tick), stroke: "#e4e4e4")
      canvas.text(y.label(tick), x: plotLeft - 6, y: py(tick) + 3, anchor: .end, size: 10)
    }
    if map.yRange.contains(0) {
      canvas.line(x1: plotLeft, y1: py(0), x2: plotRight, y2: py(0), stroke: "#bbbbbb")
    }
    if map.isMultiStop {
      for stop in map.stops where map.xRange.contains(stop.position) {
        canvas.line(
          x1: px(stop.position), y1: plotTop, x2: px(stop.position), y2: plotBottom,
          stroke: "#bbbbbb", dash: "3 3")
        canvas.text(
          stop.name, x: px(stop.position) + 3, y: plotBottom - 5, size: 10,
          fill: colour(of: stop.name, on: map))
      }
    } else if map.xRange.contains(0) {
      canvas.line(x1: px(0), y1: plotTop, x2: px(0), y2: plotBottom, stroke: "#bbbbbb")
    }
    canvas.text(
      map.isMultiStop
        ? "position along the track at release (points)"
        : "progress toward completion at release (points)",
      x: (plotLeft + plotRight) / 2, y: height - 12, anchor: .middle, size: 11, bold: true)
    canvas.text(
      map.isMultiStop
        ? "release velocity along the track (pt/s)"
        : "release velocity toward completion (pt/s)",
      x: 16, y: (plotTop + plotBottom) / 2, anchor: .middle, size: 11, bold: true,
      rotated: true)
    // The traces, unlabelled ones first so that labels stay on top.
    let ordered =
      map.points.filter { $0.label == nil }.sorted(by: idOrder)
      + map.points.filter { $0.label != nil }.sorted(by: idOrder)
    let shownNumber = "[\(map.shownVariant + 1)]"
    for point in ordered {
      canvas.append(
        element: circle(point, on: map, at: (px(point.x), py(point.y)), shown: shownNumber))
    }
    for (slot, boundary) in map.boundaries.enumerated() {
      drawBoundary(
        boundary, specs: specs, isShown: boundary.variant == map.shownVariant, slot: slot,
        on: &canvas, px: px, py: py)
    }
    legend(map, on: &canvas, x: plotRight + 14, shown: shownNumber)
    let name = HTMLText.escaped(map.transition)
    return canvas.rendered(
      attributes: " class=\"decision-map\" data-transition=\"\(name)\""
        + " data-shown=\"\(map.points.count)\" data-traces=\"\(map.traceCount)\"")
  }

  private static func idOrder(_ a: DecisionMapPoint, _ b: DecisionMapPoint) -> Bool {
    a.id != b.id ? a.id.utf8.lexicographicallyPrecedes(b.id.utf8) : a.x < b.x
  }

  /// One trace's circle with its tooltip.
  private static func circle(
    _ point: DecisionMapPoint, on map: DecisionMap, at position: (Double, Double), shown: String
  ) -> String {
    let (cx, cy) = (SVGCanvas.px(position.0), SVGCanvas.px(position.1))
    var element = "<circle cx=\"\(cx)\" cy=\"\(cy)\""
    let tooltip: String
    if let label = point.label {
      let colour = colour(of: label, on: map)
      let synthetic = point.source == .synthetic
      element += " r=\"3.2\" fill=\"\(synthetic ? "#ffffff" : colour)\" stroke=\"\(colour)\""
      element += " stroke-width=\"1.4\" data-label=\"\(HTMLText.escaped(label))\""
      element += " data-source=\"\(point.source.name)\""
      tooltip =
        "\(point.id): labelled \(label) (\(point.source.name)); \(shown) decided \(point.outcome)"
    } else {
      let colour = colour(of: point.outcome, on: map)
      element += " r=\"2.6\" fill=\"\(colour)\" fill-opacity=\"0.3\" stroke=\"\(colour)\""
      element += " stroke-opacity=\"0.6\" data-outcome=\"\(HTMLText.escaped(point.outcome))\""
      element += " data-source=\"\(point.source.name)\""
      tooltip = "\(point.id): unlabelled; \(shown) decided \(point.outcome)"
    }
    let values = " at \(fixed(point.x, 0)) pt, \(fixed(point.y, 0)) pt/s"
    return element + "><title>\(HTMLText.escaped(tooltip + values))</title></circle>\n"
  }

  /// A variant's boundary as one path, with its number beside its top end
  /// (the `slot`-th line down at the top, so that numbers do not overlap).
  private static func drawBoundary(
    _ boundary: DecisionBoundary, specs: [String], isShown: Bool, slot: Int,
    on canvas: inout SVGCanvas,
    px: (Double) -> Double, py: (Double) -> Double
  ) {
    guard !boundary.segments.isEmpty else { return }
    let number = boundary.variant + 1
    let stroke = strokes[boundary.variant % strokes.count]
    let dash = dashes[boundary.variant % dashes.count]
    var path = ""
    var last: (String, String)?
    var topmost = (x: 0.0, y: Double.infinity)
    for segment in boundary.segments {
      let (a, b) = ((px(segment.x1), py(segment.y1)), (px(segment.x2), py(segment.y2)))
      let start = (SVGCanvas.px(a.0), SVGCanvas.px(a.1))
      let end = (SVGCanvas.px(b.0), SVGCanvas.px(b.1))
      if let last, last == start {
        path += "L\(end.0) \(end.1)"
      } else {
        path += "M\(start.0) \(start.1)L\(end.0) \(end.1)"
      }
      last = end
      for point in [a, b] where point.1 < topmost.y { topmost = (point.0, point.1) }
    }
    let spec = specs.indices.contains(boundary.variant) ? specs[boundary.variant] : ""
    var element = "<path class=\"boundary\" data-variant=\"\(number)\" d=\"\(path)\""
    element += " fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(isShown ? 2.2 : 1.6)\""
    if !dash.isEmpty { element += " stroke-dasharray=\"\(dash)\"" }
    element += "><title>\(HTMLText.escaped("[\(number)] \(spec): decision boundary"))</title>"
    element += "</path>\n"
    canvas.append(element: element)
    // NB: numbers at the top are staggered down; those of boundaries that
    // stay lower (horizontal ones) across.
    let stagger = top + 12 + 12 * Double(slot)
    let across = topmost.y + 11 > stagger ? 26 * Double(slot) : 0
    canvas.text(
      "[\(number)]", x: min(topmost.x + 3 + across, width - right - 22),
      y: max(topmost.y + 11, stagger), size: 10, fill: stroke, bold: true)
  }

  /// The legend: the label colours, the marks of each source, and the
  /// boundaries.
  private static func legend(
    _ map: DecisionMap, on canvas: inout SVGCanvas, x: Double, shown: String
  ) {
    var y = top + 10
    canvas.text("label (colour)", x: x, y: y, size: 11, bold: true)
    for label in labels(of: map) {
      y += 16
      canvas.rect(x: x, y: y - 9, width: 10, height: 10, fill: colour(of: label, on: map))
      canvas.text(label, x: x + 16, y: y, size: 11)
    }
    y += 24
    canvas.text("mark", x: x, y: y, size: 11, bold: true)
    let marks: [(String, String)] = [
      ("#555555", "filled: a person's label"), ("#ffffff", "ring: synthetic label"),
    ]
    for (fill, text) in marks {
      y += 16
      canvas.append(
        element:
          "<ellipse cx=\"\(SVGCanvas.px(x + 5))\" cy=\"\(SVGCanvas.px(y - 4))\" rx=\"3.2\" ry=\"3.2\""
          + " fill=\"\(fill)\" stroke=\"#555555\" stroke-width=\"1.4\"/>\n")
      canvas.text(text, x: x + 16, y: y, size: 10)
    }
    y += 16
    canvas.append(
      element: "<rect x=\"\(SVGCanvas.px(x + 2))\" y=\"\(SVGCanvas.px(y - 7))\" width=\"6\""
        + " height=\"6\" fill=\"#555555\" fill-opacity=\"0.3\"/>\n")
    canvas.text("faint: unlabelled, by \(shown)", x: x + 16, y: y, size: 10)
    guard map.boundaries.contains(where: { !$0.segments.isEmpty }) else { return }
    y += 24
    canvas.text("boundary", x: x, y: y, size: 11, bold: true)
    for boundary in map.boundaries where !boundary.segments.isEmpty {
      y += 16
      let dash = dashes[boundary.variant % dashes.count]
      canvas.line(
        x1: x, y1: y - 4, x2: x + 22, y2: y - 4, stroke: strokes[boundary.variant % strokes.count],
        width: 2, dash: dash.isEmpty ? nil : dash)
      canvas.text("[\(boundary.variant + 1)]", x: x + 28, y: y, size: 10)
    }
  }
}
