/// The lengths of the lines of a text, measured a piece at a time: pieces
/// measured apart and joined with ``append(_:)`` give the lengths of the
/// text they make.
///
/// ```swift
/// var lengths = LineLengths("# trace g1 kind: drag\ng1,0,".utf8)
/// lengths.append(LineLengths("began,0,0\n".utf8))
/// lengths.longest   // 21: "# trace g1 kind: drag" (the row has 14)
/// ```
package struct LineLengths: Sendable, Hashable {
  /// The bytes before the first line feed; the whole text without one.
  package private(set) var leading = 0
  /// The longest line between two line feeds.
  package private(set) var inner = 0
  /// The bytes after the last line feed, when there is one.
  package private(set) var trailing = 0
  /// Whether the text has a line feed.
  package private(set) var hasLineFeed = false

  /// The lengths of the empty text.
  package init() {}

  /// Measures the bytes of a text.
  package init(_ bytes: some Sequence<UInt8>) {
    var length = 0
    for byte in bytes {
      guard byte == 0x0A else {
        length += 1
        continue
      }
      if hasLineFeed { inner = max(inner, length) } else { leading = length }
      hasLineFeed = true
      length = 0
    }
    if hasLineFeed { trailing = length } else { leading = length }
  }

  /// The longest line, in bytes without its line feed (a last line
  /// without one counts too).
  package var longest: Int { max(leading, inner, trailing) }

  /// Measures the text followed by the text `next` measures.
  package mutating func append(_ next: LineLengths) {
    if !hasLineFeed {
      leading += next.leading
      guard next.hasLineFeed else { return }
      hasLineFeed = true
      inner = next.inner
    } else {
      guard next.hasLineFeed else {
        trailing += next.leading
        return
      }
      inner = max(inner, trailing + next.leading, next.inner)
    }
    trailing = next.trailing
  }
}
