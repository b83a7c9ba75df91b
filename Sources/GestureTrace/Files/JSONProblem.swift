/// A problem in one line of JSON text: where it is and what was expected.
///
/// The message has the form `expected X, found Y`, with user text in single
/// quotes; ``JSONLinesDecoder`` turns it into a ``TraceFileProblem``.
struct JSONProblem: Error, Sendable, Hashable {
  /// The byte offset in the line, from 0.
  var offset: Int
  /// What was expected and what was found.
  var message: String

  /// The longest user text a message shows, in Unicode scalars.
  static let maximumQuotedLength = 40

  /// User text in single quotes, cut to ``maximumQuotedLength`` scalars
  /// with `…`, control characters written as JSON escapes.
  static func quoted(_ text: some StringProtocol) -> String {
    var result = "'"
    var count = 0
    for scalar in text.unicodeScalars {
      if count == maximumQuotedLength {
        result += "…"
        break
      }
      count += 1
      appendEscapingControls(scalar, to: &result)
    }
    return result + "'"
  }

  /// Bytes of a line in single quotes, as ``quoted(_:)`` does for text.
  static func quoted(bytes: UnsafeBufferPointer<UInt8>) -> String {
    // NB: a scalar takes at most 4 bytes, so decoding the first
    // 4 × (maximumQuotedLength + 1) bytes is enough to know whether the
    // text is longer than the limit, even for a value of many megabytes.
    let limit = 4 * (maximumQuotedLength + 1)
    let prefix = UnsafeBufferPointer(rebasing: bytes.prefix(limit))
    return quoted(String(decoding: prefix, as: UTF8.self))
  }

  /// A code point as `U+001F`.
  static func codePoint(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  private static func appendEscapingControls(
    _ scalar: Unicode.Scalar, to result: inout String
  ) {
    switch scalar {
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    default:
      if scalar.value < 0x20 || scalar.value == 0x7F {
        let digits = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
}
