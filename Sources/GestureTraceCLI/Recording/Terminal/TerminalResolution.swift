import GestureTrace

/// What a terminal's mouse coordinates measure, and how they become pixels
/// and points.
///
/// In SGR pixel mode (1016) a report gives 1-based pixels; in cell mode
/// (1006) it gives 1-based cells, and a cell stands for its centre:
///
///     pixel x = (column − ½) × cell width     pixel y = (row − ½) × cell height
///
/// so one row of motion is one cell height in pixels. The recognizer then
/// divides pixels by `--scale` (pixels per point). With an 8×16-pixel cell
/// and scale 1, a drag from row 5 to row 18 is (18 − 5) × 16 = 208 pt.
struct TerminalResolution: Sendable, Hashable {
  /// The unit of the terminal's mouse coordinates.
  enum Unit: String, Sendable, Hashable {
    /// Pixels: SGR pixel mode, 1016.
    case pixel
    /// Character cells: SGR mode, 1006.
    case cell
  }

  /// Where the cell size came from.
  enum CellSizeSource: String, Sendable, Hashable {
    /// The terminal's reply to `CSI 16 t`.
    case query = "csi-16t"
    /// `ws_xpixel` and `ws_ypixel` of `TIOCGWINSZ`, divided by the columns
    /// and rows.
    case windowSize = "tiocgwinsz"
    /// Neither: ``assumedCellWidth`` × ``assumedCellHeight``.
    case assumed
  }

  /// The cell width assumed when the terminal does not tell, in pixels.
  static let assumedCellWidth = 8.0
  /// The cell height assumed when the terminal does not tell, in pixels:
  /// the classic 8×16 VGA cell.
  static let assumedCellHeight = 16.0

  /// The unit of mouse coordinates.
  var unit: Unit
  /// A cell's width in pixels.
  var cellWidth: Double
  /// A cell's height in pixels.
  var cellHeight: Double
  /// Where the cell size came from.
  var cellSizeSource: CellSizeSource

  /// Whether the cell size is a guess.
  var isCellSizeAssumed: Bool { cellSizeSource == .assumed }

  /// The pixel position, from the text area's top-left corner, of a
  /// report's 1-based coordinates.
  func pixels(x: Int, y: Int) -> Vector2D {
    switch unit {
    case .pixel:
      return Vector2D(x: Double(x - 1), y: Double(y - 1))
    case .cell:
      return Vector2D(x: (Double(x) - 0.5) * cellWidth, y: (Double(y) - 0.5) * cellHeight)
    }
  }

  /// The 1-based cell holding a report's coordinates, for drawing.
  func cell(x: Int, y: Int) -> (column: Int, row: Int) {
    switch unit {
    case .cell:
      return (x, y)
    case .pixel:
      return (Int(Double(x - 1) / cellWidth) + 1, Int(Double(y - 1) / cellHeight) + 1)
    }
  }

  /// Points per unit of mouse coordinates, horizontally and vertically.
  func pointsPerUnit(scale: Double) -> Vector2D {
    switch unit {
    case .pixel: return Vector2D(x: 1 / scale, y: 1 / scale)
    case .cell: return Vector2D(x: cellWidth / scale, y: cellHeight / scale)
    }
  }

  /// The metadata every trace of the recording carries: the unit of the
  /// coordinates, points per unit, the cell size in pixels and its source.
  func metadata(scale: Double) -> [(key: String, value: String)] {
    let resolution = pointsPerUnit(scale: scale)
    return [
      ("input-unit", unit.rawValue),
      ("resolution", Self.size(resolution.x, resolution.y)),
      ("cell-size", Self.size(cellWidth, cellHeight)),
      ("cell-size-source", cellSizeSource.rawValue),
    ]
  }

  /// `WIDTHxHEIGHT` in the shortest form of each number.
  static func size(_ width: Double, _ height: Double) -> String {
    "\(width.reportText)x\(height.reportText)"
  }
}
