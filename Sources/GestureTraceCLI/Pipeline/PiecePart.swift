/// What a command makes of one piece of a ``PiecedFile`` on a thread, to
/// be taken in input order: `analyze`'s ``AnalyzedRun``, `convert`'s
/// ``ConvertedPiece``, `info`'s ``InfoPart``.
protocol PiecePart: Sendable {
  /// Whether the part cannot stand for what one reader of the whole file
  /// gives (a problem in the piece, metadata for a trace in another piece,
  /// or a reason of the command's own): one reader then goes on from the
  /// traces before it.
  var isIrregular: Bool { get }
  /// The hashes of the piece's trace ids (``GestureTrace/TraceIDHash``),
  /// to find an id used in an earlier piece.
  var idHashes: [UInt64] { get }
  /// The number of traces read from the piece, those left out included:
  /// what one reader going on after it skips.
  var readCount: Int { get }
}
