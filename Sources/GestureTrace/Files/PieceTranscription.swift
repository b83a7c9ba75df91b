/// The state of one piece's conversion by copying (``CSVJSONLinesTranscoder``,
/// ``JSONLinesCSVTranscoder``): the input piece, the output buffer and how
/// much of it is written, with the byte operations both directions use.
protocol PieceTranscription {
  /// The first byte of the piece.
  var base: UnsafePointer<UInt8> { get }
  /// The number of bytes in the piece.
  var count: Int { get }
  /// The first byte of the output buffer.
  var output: UnsafeMutablePointer<UInt8> { get }
  /// The number of bytes the output buffer holds.
  var capacity: Int { get }
  /// The number of bytes written to the output buffer.
  var written: Int { get set }
}

extension PieceTranscription {
  /// Whether the bytes at `index` are the literal's.
  @inline(__always)
  func matches(_ index: Int, _ text: StaticString) -> Bool {
    index + text.utf8CodeUnitCount <= count
      && CanonicalText.same(base + index, text.utf8Start, text.utf8CodeUnitCount)
  }

  /// Whether two ranges of the input hold the same bytes.
  func equal(_ lhs: Range<Int>, _ rhs: Range<Int>) -> Bool {
    lhs.count == rhs.count
      && CanonicalText.same(base + lhs.lowerBound, base + rhs.lowerBound, lhs.count)
  }

  /// Whether `bytes` more fit in the output.
  @inline(__always)
  func room(_ bytes: Int) -> Bool { written + bytes <= capacity }

  /// Writes a literal.
  @inline(__always)
  mutating func put(_ text: StaticString) {
    (output + written).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    written += text.utf8CodeUnitCount
  }

  /// Writes the input's bytes in `range`; may write up to 16 bytes, whose
  /// room was checked.
  // NB: a field of at most 16 bytes as two words, without a call.
  @inline(__always)
  mutating func copy(_ range: Range<Int>) {
    let length = range.count
    if length <= 16, range.lowerBound + 16 <= count {
      let source = UnsafeRawPointer(base + range.lowerBound)
      let target = UnsafeMutableRawPointer(output + written)
      target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8,
        as: UInt64.self)
    } else {
      (output + written).update(from: base + range.lowerBound, count: length)
    }
    written += length
  }
}
