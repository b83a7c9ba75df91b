import Testing

@testable import GestureTrace

/// Expects a transcoder's piece to equal what the decoder and encoder make
/// of the same input (`general`, `nil` when they report a problem): the
/// same text, trace ends and id hashes.
func expectSamePiece(
  _ fast: CSVJSONLinesTranscoder.Piece, as general: CSVJSONLinesTranscoder.Piece?,
  input: String, sourceLocation: SourceLocation
) {
  #expect(
    general != nil, "read input the decoder reports: \(input)", sourceLocation: sourceLocation)
  #expect(
    fast.text == general?.text, "\(input)\n\(String(decoding: fast.text, as: UTF8.self))",
    sourceLocation: sourceLocation)
  #expect(fast.traceEnds == general?.traceEnds, sourceLocation: sourceLocation)
  #expect(fast.idHashes == general?.idHashes, sourceLocation: sourceLocation)
}
