/// A CSV field, quoted (RFC 4180) when it holds a comma, quote or line
/// break.
package func csvField(_ text: String) -> String {
  guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
    return text
  }
  var quoted = "\""
  for character in text {
    if character == "\"" { quoted += "\"\"" } else { quoted.append(character) }
  }
  return quoted + "\""
}
