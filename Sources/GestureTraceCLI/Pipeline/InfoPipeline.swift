import GestureTrace

/// Reads a CSV or JSON Lines trace file for `info` on every core
/// (``PiecedFile``): each piece is measured by its own decoder on a thread
/// into an ``InfoPart``, and the parts are added to the tally in input
/// order.
///
/// The tally is the one one reader gives, for any `jobs` and piece size:
/// a piece that cannot be read on its own as the whole file reads stops
/// the pieces, and one reader goes on after the traces taken
/// (``PiecedFile/Progress/traceCount``), so that problems are reported or
/// skipped as before.
struct InfoPipeline {
  /// The most threads used at once.
  let jobs: Int
  /// The size a piece of file is cut at (then extended to a trace's end).
  var pieceSize = 2 << 20
  /// The most distinct sampling intervals a piece counts.
  var distinctIntervals = IntervalCounts.pieceLimit

  /// Adds the traces of a regular file to `tally` piece by piece; the
  /// progress says how far it got (nowhere for standard input or a file
  /// that cannot be mapped).
  func add(_ path: String, format: TraceFileFormat?, to tally: InfoTally) throws(CommandError)
    -> PiecedFile.Progress
  {
    guard let file = try PiecedFile.open(path, format: format) else {
      return PiecedFile.Progress()
    }
    let distinctIntervals = distinctIntervals
    return try file.readPieces(
      jobs: jobs, pieceSize: pieceSize, context: {},
      read: { piece, _ in Self.measure(piece, distinctIntervals: distinctIntervals) },
      take: { part in
        tally.add(part)
        return true
      })
  }

  /// Reads a piece with a decoder of its own and measures its traces.
  private static func measure(_ piece: TracePiece, distinctIntervals: Int) -> InfoPart {
    var part = InfoPart(distinctIntervals: distinctIntervals)
    let scan = piece.decode { part.add($0) }
    part.isIrregular = scan.isIrregular
    part.idHashes = scan.idHashes
    return part
  }
}
