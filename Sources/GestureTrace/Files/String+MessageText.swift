extension StringProtocol {
  /// The text with every control character written as an escape (`\n`,
  /// `\r`, `\t`, `\u001b`…), for messages that quote input.
  ///
  /// NB: a file or command line can hold NUL, ESC or other control bytes; a
  /// message that printed them raw could cut a line in two or send escape
  /// sequences to the terminal that shows it. C1 controls (U+0080–U+009F)
  /// are escaped too, as some terminals act on them.
  package var escapedForMessage: String {
    escapingControls(where: \.isControlCharacter, namingWhitespace: true)
  }

  /// The text with each scalar that `isEscaped` accepts written as
  /// `\uXXXX` (at least four lowercase hex digits), or as `\n`, `\r` and
  /// `\t` when `namingWhitespace`: the one spelling of an escaped control
  /// character, in messages, reports and on the terminal.
  package func escapingControls(
    where isEscaped: (Unicode.Scalar) -> Bool, namingWhitespace: Bool
  ) -> String {
    guard unicodeScalars.contains(where: isEscaped) else { return String(self) }
    var result = ""
    for scalar in unicodeScalars {
      guard isEscaped(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n" where namingWhitespace: result += "\\n"
      case "\r" where namingWhitespace: result += "\\r"
      case "\t" where namingWhitespace: result += "\\t"
      default:
        let digits = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
      }
    }
    return result
  }
}

extension Unicode.Scalar {
  /// Whether the scalar is a C0 or C1 control character or DEL.
  package var isC0C1OrDelete: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

  /// Whether the scalar is a C0 or C1 control character or DEL, or the
  /// line or paragraph separator (U+2028, U+2029), which end a line too.
  var isControlCharacter: Bool { isC0C1OrDelete || value == 0x2028 || value == 0x2029 }
}

extension Collection<UInt8> {
  /// The offset of the first byte that does not belong to a valid UTF-8
  /// sequence, or `nil` when all of them do.
  package var firstInvalidUTF8Offset: Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }
}

extension UInt8 {
  /// The byte as `0x0A`.
  package var hexText: String {
    let digits = String(self, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" : "") + digits
  }
}
