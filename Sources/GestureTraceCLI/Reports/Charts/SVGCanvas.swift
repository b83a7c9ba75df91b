/// An SVG image built element by element in pixel coordinates: well-formed
/// XML with its text escaped, numbers rounded to a tenth of a pixel, and an
/// accessible name (`role="img"` and a `<title>`).
///
/// ```swift
/// var canvas = SVGCanvas(width: 200, height: 100, title: "A bar")
/// canvas.rect(x: 10, y: 10, width: 50, height: 20, fill: "#0072b2")
/// canvas.rendered()   // "<svg xmlns=… role=\"img\" …><title>A bar</title>…"
/// ```
struct SVGCanvas {
  /// The image's width in pixels.
  let width: Double
  /// The image's height in pixels.
  let height: Double
  /// What the image shows, in a few words: its accessible name.
  let title: String
  /// The elements drawn so far.
  private(set) var body = ""

  /// How text is aligned on its position.
  enum Anchor: String {
    case start, middle, end
  }

  /// An empty image.
  init(width: Double, height: Double, title: String) {
    self.width = width
    self.height = height
    self.title = title
  }

  /// A filled rectangle, with a tooltip when `tooltip` is given.
  mutating func rect(
    x: Double, y: Double, width: Double, height: Double, fill: String,
    stroke: String? = nil, tooltip: String? = nil
  ) {
    body += "<rect x=\"\(Self.px(x))\" y=\"\(Self.px(y))\" width=\"\(Self.px(max(width, 0)))\""
    body += " height=\"\(Self.px(max(height, 0)))\" fill=\"\(fill)\""
    if let stroke { body += " stroke=\"\(stroke)\" stroke-width=\"2\"" }
    close("rect", tooltip: tooltip)
  }

  /// A straight line; `dash` is an SVG dash array such as `"5 3"`.
  mutating func line(
    x1: Double, y1: Double, x2: Double, y2: Double, stroke: String,
    width: Double = 1, dash: String? = nil, tooltip: String? = nil
  ) {
    body += "<line x1=\"\(Self.px(x1))\" y1=\"\(Self.px(y1))\""
    body += " x2=\"\(Self.px(x2))\" y2=\"\(Self.px(y2))\""
    body += " stroke=\"\(stroke)\" stroke-width=\"\(Self.px(width))\""
    if let dash { body += " stroke-dasharray=\"\(dash)\"" }
    close("line", tooltip: tooltip)
  }

  /// An open polyline through the points.
  mutating func polyline(
    _ points: [(x: Double, y: Double)], stroke: String, width: Double = 1.5,
    opacity: Double = 1, tooltip: String? = nil
  ) {
    guard !points.isEmpty else { return }
    let coordinates = points.map { Self.px($0.x) + "," + Self.px($0.y) }
    body += "<polyline points=\"\(coordinates.joined(separator: " "))\" fill=\"none\""
    body += " stroke=\"\(stroke)\" stroke-width=\"\(Self.px(width))\""
    body += " stroke-linejoin=\"round\""
    if opacity < 1 { body += " stroke-opacity=\"\(fixed(opacity, 2))\"" }
    close("polyline", tooltip: tooltip)
  }

  /// A filled circle.
  mutating func circle(
    x: Double, y: Double, radius: Double, fill: String, tooltip: String? = nil
  ) {
    body += "<circle cx=\"\(Self.px(x))\" cy=\"\(Self.px(y))\" r=\"\(Self.px(radius))\""
    body += " fill=\"\(fill)\""
    close("circle", tooltip: tooltip)
  }

  /// A line of text at `x`, with its baseline at `y`; `rotated` turns it
  /// a quarter turn anticlockwise about its position (for y-axis titles).
  mutating func text(
    _ text: String, x: Double, y: Double, anchor: Anchor = .start, size: Double = 11,
    fill: String = "#333", bold: Bool = false, rotated: Bool = false
  ) {
    body += "<text x=\"\(Self.px(x))\" y=\"\(Self.px(y))\" font-size=\"\(Self.px(size))\""
    if anchor != .start { body += " text-anchor=\"\(anchor.rawValue)\"" }
    if fill != "#333" { body += " fill=\"\(fill)\"" }
    if bold { body += " font-weight=\"bold\"" }
    if rotated { body += " transform=\"rotate(-90 \(Self.px(x)) \(Self.px(y)))\"" }
    body += ">\(HTMLText.escaped(text))</text>\n"
  }

  /// Appends an element written by the caller, which must be well-formed
  /// with its text escaped.
  mutating func append(element: String) {
    body += element
  }

  /// The image as an `<svg>` element, ready to place in HTML or save as an
  /// `.svg` file; `attributes` (escaped, with a leading space) go on the
  /// element.
  func rendered(attributes: String = "") -> String {
    let (w, h) = (Self.px(width), Self.px(height))
    return "<svg xmlns=\"http://www.w3.org/2000/svg\"\(attributes) role=\"img\""
      + " width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\""
      + " font-family=\"system-ui, sans-serif\" fill=\"#333\">\n"
      + "<title>\(HTMLText.escaped(title))</title>\n" + body + "</svg>\n"
  }

  /// A coordinate with at most one decimal.
  static func px(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let text = fixed(value, 1)
    if text.hasSuffix(".0") { return text == "-0.0" ? "0" : String(text.dropLast(2)) }
    return text
  }

  private mutating func close(_ element: String, tooltip: String?) {
    if let tooltip {
      body += "><title>\(HTMLText.escaped(tooltip))</title></\(element)>\n"
    } else {
      body += "/>\n"
    }
  }
}
