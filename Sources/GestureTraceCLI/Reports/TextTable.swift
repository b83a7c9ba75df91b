/// A table of text cells rendered with aligned columns: the first
/// `leftAligned` columns (by default one) left-aligned, the others
/// right-aligned.
struct TextTable {
  var rows: [[String]]
  var leftAligned = 1

  /// The table within `width` columns: when it is wider, its columns after
  /// the left-aligned ones are cut into runs that fit, each rendered as a
  /// table of its own after the left-aligned columns, one below another.
  func rendered(indent: Int = 0, width: Int) -> String {
    let full = rendered(indent: indent)
    guard full.split(separator: "\n").contains(where: { $0.count > width }) else { return full }
    let columnCount = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columnCount)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    let fixed = indent + widths.prefix(leftAligned).reduce(0) { $0 + $1 + 2 }
    var runs: [Range<Int>] = []
    var start = leftAligned
    var used = fixed
    for column in leftAligned..<columnCount {
      if used + widths[column] + 2 > width, column > start {
        runs.append(start..<column)
        start = column
        used = fixed
      }
      used += widths[column] + 2
    }
    if start < columnCount { runs.append(start..<columnCount) }
    return runs.map { run in
      TextTable(
        rows: rows.map { row in
          Array(row.prefix(leftAligned)) + run.map { $0 < row.count ? row[$0] : "" }
        }, leftAligned: leftAligned
      ).rendered(indent: indent)
    }.joined(separator: "\n")
  }

  func rendered(indent: Int = 0) -> String {
    let columnCount = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columnCount)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    var text = ""
    for row in rows {
      var line = String(repeating: " ", count: indent)
      for (index, cell) in row.enumerated() {
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        if index < leftAligned {
          line += (index == 0 ? "" : "  ") + cell + padding
        } else {
          line += "  " + padding + cell
        }
      }
      while line.hasSuffix(" ") { line.removeLast() }
      text += line + "\n"
    }
    return text
  }
}
