/// A chart with linear x and y axes on an ``SVGCanvas``: a plot frame with
/// grid lines, labelled round ticks and axis titles, and marks placed in
/// data coordinates.
///
/// ```swift
/// var chart = SVGChart(
///   title: "Completion rate by dismissalOffset", width: 560, height: 260,
///   x: (40, 160), y: (0, 100), xTitle: "dismissalOffset", yTitle: "%")
/// chart.polyline([(40, 90), (100, 45), (160, 10)], stroke: "#0072b2")
/// let svg = chart.rendered()
/// ```
struct SVGChart {
  /// The image drawn on; marks outside the plot frame go here directly.
  var canvas: SVGCanvas
  /// Data x to pixels.
  let x: LinearScale
  /// Data y to pixels (upwards).
  let y: LinearScale

  /// Space around the plot frame, in pixels.
  struct Margins {
    var left = 56.0
    var right = 16.0
    var top = 28.0
    var bottom = 42.0
  }

  /// A chart with its frame, ticks and axis titles drawn; `roundX` and
  /// `roundY` widen an axis to whole tick steps.
  init(
    title: String, width: Double, height: Double, x xDomain: (Double, Double),
    y yDomain: (Double, Double), xTitle: String, yTitle: String,
    margins: Margins = Margins(), roundX: Bool = true, roundY: Bool = true
  ) {
    canvas = SVGCanvas(width: width, height: height, title: title)
    let (left, right) = (margins.left, width - margins.right)
    let (top, bottom) = (margins.top, height - margins.bottom)
    x =
      roundX
      ? .rounded(xDomain.0, xDomain.1, to: left, right, ticks: max(3, Int((right - left) / 60)))
      : LinearScale(xDomain.0, xDomain.1, to: left, right, ticks: max(3, Int((right - left) / 60)))
    y =
      roundY
      ? .rounded(yDomain.0, yDomain.1, to: bottom, top, ticks: max(2, Int((bottom - top) / 40)))
      : LinearScale(yDomain.0, yDomain.1, to: bottom, top, ticks: max(2, Int((bottom - top) / 40)))
    canvas.rect(x: left, y: top, width: right - left, height: bottom - top, fill: "#fafafa")
    for tick in x.ticks() {
      let px = x(tick)
      canvas.line(x1: px, y1: top, x2: px, y2: bottom, stroke: "#e4e4e4")
      canvas.text(x.label(tick), x: px, y: bottom + 14, anchor: .middle, size: 10)
    }
    for tick in y.ticks() {
      let py = y(tick)
      canvas.line(x1: left, y1: py, x2: right, y2: py, stroke: "#e4e4e4")
      canvas.text(y.label(tick), x: left - 5, y: py + 3.5, anchor: .end, size: 10)
    }
    canvas.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: "#777")
    canvas.line(x1: left, y1: top, x2: left, y2: bottom, stroke: "#777")
    canvas.text(xTitle, x: (left + right) / 2, y: height - 8, anchor: .middle)
    canvas.text(yTitle, x: 13, y: (top + bottom) / 2, anchor: .middle, rotated: true)
  }

  /// The left, top, right and bottom pixels of the plot frame.
  var frame: (left: Double, top: Double, right: Double, bottom: Double) {
    (x.start, y.end, x.end, y.start)
  }

  /// A line through data points.
  mutating func polyline(
    _ points: [(x: Double, y: Double)], stroke: String, width: Double = 1.5,
    opacity: Double = 1, tooltip: String? = nil
  ) {
    canvas.polyline(
      points.map { (x($0.x), y($0.y)) }, stroke: stroke, width: width, opacity: opacity,
      tooltip: tooltip)
  }

  /// A dot at a data point.
  mutating func dot(
    _ point: (x: Double, y: Double), radius: Double = 3, fill: String, tooltip: String? = nil
  ) {
    canvas.circle(x: x(point.x), y: y(point.y), radius: radius, fill: fill, tooltip: tooltip)
  }

  /// A bar from `y = 0` up to `height`, between two x values.
  mutating func bar(
    from low: Double, to high: Double, height: Double, fill: String, tooltip: String? = nil
  ) {
    let (left, right) = (x(low), x(high))
    let (base, top) = (y(max(0, y.lower)), y(height))
    canvas.rect(
      x: left + 0.5, y: min(base, top), width: right - left - 1, height: abs(base - top),
      fill: fill, tooltip: tooltip)
  }

  /// A dashed line across the frame at a y value, labelled above it (or
  /// below) ending `inset` pixels from the frame's right edge.
  mutating func horizontalRule(
    at value: Double, label: String, stroke: String = "#444", below: Bool = false,
    inset: Double = 4
  ) {
    let py = y(value)
    let frame = self.frame
    canvas.line(x1: frame.left, y1: py, x2: frame.right, y2: py, stroke: stroke, dash: "6 4")
    canvas.text(
      label, x: frame.right - inset, y: below ? py + 11 : py - 3, anchor: .end, size: 10,
      fill: stroke)
  }

  /// A dashed line up the frame at an x value, labelled at its top.
  mutating func verticalRule(at value: Double, label: String, stroke: String = "#444") {
    let px = x(value)
    let frame = self.frame
    canvas.line(x1: px, y1: frame.top, x2: px, y2: frame.bottom, stroke: stroke, dash: "6 4")
    let anchor: SVGCanvas.Anchor = px > (frame.left + frame.right) / 2 ? .end : .start
    let shift = anchor == .end ? -4.0 : 4.0
    canvas.text(label, x: px + shift, y: frame.top + 12, anchor: anchor, size: 10, fill: stroke)
  }

  /// A row of coloured swatches with labels above the frame, right-aligned.
  mutating func legend(_ items: [(label: String, colour: String)]) {
    // NB: an estimate of the label's width (6 px per character at 10 px)
    // is enough to keep labels apart; nothing measures text here.
    let widths = items.map { Double($0.label.count) * 6 + 16 }
    var left = frame.right - widths.reduce(0, +) - 8 * Double(max(items.count - 1, 0))
    for (item, width) in zip(items, widths) {
      canvas.rect(x: left, y: frame.top - 16, width: 10, height: 10, fill: item.colour)
      canvas.text(item.label, x: left + 13, y: frame.top - 7, size: 10)
      left += width + 8
    }
  }

  /// The chart as an `<svg>` element.
  func rendered() -> String { canvas.rendered() }
}
