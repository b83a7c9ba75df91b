import GestureTrace

/// What converting one piece of a trace file gives: the text of its
/// traces, as UTF-8 bytes, with where each trace's text ends.
///
/// A piece is irregular when it cannot stand for what one reader of the
/// whole file writes: a problem in it, metadata for a trace in another
/// piece, a trace the output cannot hold or that would make a line its
/// readers refuse, or text beyond the limit a piece may hold. The file is
/// then converted by one reader from the traces before that piece on.
struct ConvertedPiece: PiecePart {
  /// The traces' text, one after another.
  var text: [UInt8] = []
  /// The offset in ``text`` where each trace's text ends.
  var traceEnds: [Int] = []
  /// The hashes of the piece's trace ids (``GestureTrace/TraceIDHash``),
  /// to find an id used in an earlier piece.
  var idHashes: [UInt64] = []
  /// Whether one reader must convert the piece instead.
  var isIrregular = false

  /// The number of traces converted.
  var traceCount: Int { traceEnds.count }

  /// The traces read: every one of a regular piece is converted.
  var readCount: Int { traceCount }
}
