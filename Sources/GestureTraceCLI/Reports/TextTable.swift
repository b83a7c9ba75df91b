/// A table of text cells rendered with aligned columns: the first
/// `leftAligned` columns (by default one) left-aligned, the others
/// right-aligned.
struct TextTable {
  var rows: [[String]]
  var leftAligned = 1

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
