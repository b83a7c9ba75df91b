/// Text made safe for HTML and XML, inside elements and quoted attributes.
enum HTMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character
  /// references, and control characters other than tab and line feed
  /// dropped.
  // NB: the five references used are valid in both HTML and XML, so the
  // same text serves the page and its inline SVG (which must stay
  // well-formed XML). Control characters are not allowed in XML 1.0.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
          || (0xFFFE...0xFFFF).contains(scalar.value)
        {
          continue
        }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
