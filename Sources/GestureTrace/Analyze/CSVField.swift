/// A CSV field, quoted (RFC 4180) when it holds a comma, quote or line
/// break, or starts with `#`: the tables' readers (`check`) take a line
/// whose first byte is `#` for a comment, so a bare `#a` first in its row
/// would lose the row.
package func csvField(_ text: String) -> String {
  guard
    text.utf8.first == UInt8(ascii: "#")
      || text.utf8.contains(where: {
        $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
      })
  else {
    return text
  }
  return csvQuoted(text)
}

/// The text enclosed in quotes, each of its quotes doubled (RFC 4180).
// NB: by scalar, not by `Character`: a quote followed by a combining mark
// (`"\u{301}`) is one `Character` that is not `"`, and was left single,
// which ended the field early.
func csvQuoted(_ text: String) -> String {
  var quoted = "\""
  for scalar in text.unicodeScalars {
    if scalar == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(scalar) }
  }
  return quoted + "\""
}
