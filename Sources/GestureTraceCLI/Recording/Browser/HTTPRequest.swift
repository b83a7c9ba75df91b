/// One HTTP/1.x request, as ``HTTPRequestParser`` read it.
struct HTTPRequest: Sendable, Hashable {
  /// The method, such as `GET`.
  var method: String
  /// The path of the request target, as sent (not percent-decoded), without
  /// the query.
  var path: String
  /// The query's parameters, percent-decoded; the first of a repeated name.
  var query: [String: String]
  /// The header fields, names in lower case, in the order sent; a repeated
  /// name's values joined with `, `.
  var headers: [String: String]
  /// The body: exactly `Content-Length` bytes.
  var body: [UInt8]

  /// A header's value, by name in any case.
  func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// The parameters of a query string (`a=1&b=%20x`), percent-decoded, `+`
  /// read as a space; a name without `=` has the empty value.
  static func parameters(of query: Substring) -> [String: String] {
    var result: [String: String] = [:]
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = percentDecoded(parts[0])
      if result[name] == nil { result[name] = parts.count > 1 ? percentDecoded(parts[1]) : "" }
    }
    return result
  }

  /// The text with `%XX` escapes decoded and `+` as a space; a malformed
  /// escape is kept as it is, and bytes that are not UTF-8 become U+FFFD.
  static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if byte == UInt8(ascii: "%"), index + 2 < utf8.count,
        let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
        continue
      }
      bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
      index += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
