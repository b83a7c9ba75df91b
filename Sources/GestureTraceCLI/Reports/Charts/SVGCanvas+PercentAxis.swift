extension SVGCanvas {
  /// Draws the 0–100 axis of a chart of rates with their intervals, from
  /// `left` to `right`: a light vertical line at each tick from `top` to
  /// 30 above the bottom, the tick's label under it and `label` centred
  /// at the foot. Returns the scale the bars are drawn with.
  mutating func percentAxis(
    _ label: String, left: Double, right: Double, top: Double
  ) -> LinearScale {
    let scale = LinearScale(0, 100, to: left, right)
    let plotBottom = height - 30
    for tick in scale.ticks() {
      line(x1: scale(tick), y1: top, x2: scale(tick), y2: plotBottom, stroke: "#e4e4e4")
      text(scale.label(tick), x: scale(tick), y: plotBottom + 14, anchor: .middle, size: 10)
    }
    text(label, x: (left + right) / 2, y: height - 4, anchor: .middle)
    return scale
  }
}
