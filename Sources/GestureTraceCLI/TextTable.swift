/// A table of text cells rendered with aligned columns: the first column
/// left-aligned, the others right-aligned.
struct TextTable {
  var rows: [[String]]

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
        if index == 0 {
          line += cell + padding
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
