/// A CSV field, quoted (RFC 4180) when it holds a comma, quote or line
/// break, or starts with `#` (which would start a comment line).
///
/// The text is read as Unicode scalars, as the readers split lines on
/// bytes: a Prepend character (U+0600) before a comma, or a combining mark
/// after a quote, makes the two one `Character`, which must not hide them.
package func csvField(_ text: String) -> String {
  let scalars = text.unicodeScalars
  guard
    scalars.first == "#"
      || scalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
  else {
    return text
  }
  var quoted = "\""
  for scalar in scalars {
    if scalar == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(scalar) }
  }
  return quoted + "\""
}
