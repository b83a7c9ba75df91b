/// The text of a number in trace files as `Double.shortestDescription`
/// made it with strings before it became the string of
/// `ByteText.writeShortest`'s bytes: the oracle that proves the one printer
/// left every byte as it was.
enum ShortestTextReference {
  /// The shortest text that reads back to the same value, without a
  /// trailing `.0`: `0`, `-0`, `0.4`, `1092`, `1e-05`, `1.5e+300`.
  static func text(_ value: Double) -> String {
    if value == value.rounded(), abs(value) <= 0x1p53 {
      if value == 0 { return value.sign == .minus ? "-0" : "0" }
      return String(Int64(value))
    }
    if abs(value) < 1e13 {
      let scaled = (value * 100).rounded()
      if scaled / 100 == value {
        let hundredths = Int64(scaled).magnitude
        var fraction = hundredths % 100
        var text = value < 0 ? "-" : ""
        text += String(hundredths / 100)
        text += "."
        if fraction % 10 == 0 {
          fraction /= 10
        } else if fraction < 10 {
          text += "0"
        }
        text += String(fraction)
        return text
      }
    }
    return value.description
  }
}
