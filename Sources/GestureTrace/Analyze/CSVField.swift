/// A report's CSV cell, quoted (RFC 4180) when it holds a comma, quote or
/// line break, or starts with `#`: the tables' readers (`check`) take a
/// line whose first byte is `#` for a comment, so a bare `#a` first in its
/// row would lose the row.
///
/// Trace files quote ids by ``csvTraceField(_:)``, which leaves line breaks
/// bare.
package func csvField(_ text: String) -> String {
  csvNeedsQuotes(text, quotingLineBreaks: true) ? csvQuoted(text) : text
}

/// A trace file's id field, quoted (RFC 4180) when a reader would misread
/// it bare: when it holds a comma or a quote, or starts with `#` (a line
/// that starts with `#` is a comment, so a bare id `#a` first in its row
/// would lose the row).
///
/// Unlike ``csvField(_:)``, a line break is left bare: valid ids hold no
/// white space or control characters (``Trace/isValidID(_:)``), and the
/// trace readers read a line at a time, so no quoting could keep one.
// NB: the `#` is one byte check per id, made once per trace (the row
// prefix is reused for every row).
func csvTraceField(_ id: String) -> String {
  csvNeedsQuotes(id, quotingLineBreaks: false) ? csvQuoted(id) : id
}

/// Whether a CSV field needs quotes: it starts with `#`, or holds a comma,
/// a quote, or (when `quotingLineBreaks`) a line feed or carriage return.
private func csvNeedsQuotes(_ text: String, quotingLineBreaks: Bool) -> Bool {
  text.utf8.first == UInt8(ascii: "#")
    || text.utf8.contains(where: {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"")
        || (quotingLineBreaks && ($0 == 0x0A || $0 == 0x0D))
    })
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
