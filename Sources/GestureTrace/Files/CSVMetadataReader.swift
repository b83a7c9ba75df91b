/// The metadata of a CSV trace file as ``CSVTraceDecoder`` reads it: the
/// file's `# key: value` lines before the header, and each trace's
/// `# trace <id> <key>: <value>` lines, gathered until the trace's first
/// row takes them.
///
/// A trace's metadata lines usually come together, right before its rows:
/// they are gathered as the recent lines (``recentID``) and reach the
/// other traces' metadata only when another trace's line comes first.
/// Lines seen before come from caches: keys and values made once
/// (``InternedStrings``), remembered line endings (``MetadataEntryCache``)
/// and the metadata of remembered blocks of lines (``MetadataBlockCache``).
/// The one-pass readers of common lines are in
/// `CSVMetadataReader+Lines.swift`; they take what the general path takes
/// (`CSVRowScanTests`).
struct CSVMetadataReader {
  /// The file's metadata, without the `gesturetrace` version line.
  var file = TraceMetadata()
  /// The format version from the `# gesturetrace: N` line, if there was one.
  var formatVersion: Int?
  /// The metadata of traces whose rows have not started, but for the
  /// recent lines'.
  private var traces: [String: TraceMetadata] = [:]
  /// The id of the trace whose lines are gathered, as words when it is
  /// ASCII, at most 16 bytes and does not start with `#`.
  // NB: set through `setRecentID` and `clearRecentID()`; at most one of
  // the two is set. Words take no memory: an array per trace cost an
  // allocation and a copy.
  private(set) var recentIDWords: IDWords?
  /// The id of the trace whose lines are gathered, as bytes, when not as
  /// words.
  private(set) var recentIDBytes: [UInt8]?
  /// The gathered metadata, but for the entries of ``recentBlock``.
  var recentMetadata = TraceMetadata()
  /// The remembered line endings (``MetadataEntryCache`` slots) the
  /// gathered lines were, while they are all of them; their entries are
  /// not in `recentMetadata`, which is then empty.
  // NB: a trace's lines are usually a block of endings seen before: its
  // metadata is then that block's, shared (`blocks`), and the entries are
  // never copied out of `entries`.
  var recentBlock = MetadataBlockCache.Block()
  /// The `strings` slots of the keys in `recentMetadata`, one bit each;
  /// all bits when not known.
  // NB: a key whose slot bit is clear is not there yet, so its entry is
  // added without comparing it with the others. Every change of
  // `recentMetadata` outside `takeShortTraceEntry` sets all bits or
  // starts again from an empty one.
  var recentKeySlots: UInt64 = 0
  /// The metadata keys and values read so far, made once.
  var strings = InternedStrings()
  /// The entries of recent metadata line endings.
  var entries = MetadataEntryCache()
  /// The metadata of recent blocks of lines.
  var blocks = MetadataBlockCache()
  /// The number of metadata entries of the last trace, to size the next.
  var lastMetadataCount = 0

  /// Whether metadata was read for a trace whose rows have not started.
  var hasPendingTraceMetadata: Bool { !traces.isEmpty || hasRecentID }

  /// Whether the lines of a trace are being gathered.
  var hasRecentID: Bool { recentIDWords != nil || recentIDBytes != nil }

  /// The bytes of the gathered lines' id, if any.
  var recentID: [UInt8]? { recentIDWords.map { $0.bytes } ?? recentIDBytes }

  /// Sets an entry of the trace with this id, whose rows have not started
  /// (the general path).
  mutating func add(id: String, key: String, value: String) {
    if recentID.map({ String(decoding: $0, as: UTF8.self) }) != id {
      storeRecentMetadata()
      setRecentID(Array(id.utf8))
      recentMetadata.reserveCapacity(lastMetadataCount)
    }
    addRecentBlock()
    recentMetadata[key] = value
    recentKeySlots = ~0
  }

  /// Takes the metadata of a trace whose first row was read: the file's
  /// merged with the trace's own lines, `nil` when there is none.
  mutating func takeMetadata(ofTrace id: String, bytes idBytes: [UInt8]) -> TraceMetadata? {
    var stored = traces.isEmpty ? nil : traces.removeValue(forKey: id)
    if hasRecentID, isRecentID(idBytes, id) {
      let recent = takeRecentMetadata()
      stored = stored.map { $0.merging(recent) } ?? recent
      clearRecentID()
      recentKeySlots = 0
    }
    // NB: without file metadata, the trace's is its lines' as they are
    // (often a block's, shared): no merging and no optional copies.
    let metadata = file.isEmpty ? stored : file.merging(stored ?? TraceMetadata())
    lastMetadataCount = metadata?.count ?? 0
    return metadata
  }

  /// Moves the gathered metadata lines to the other traces' metadata.
  mutating func storeRecentMetadata() {
    guard let bytes = recentID else { return }
    addRecentBlock()
    let id = String(decoding: bytes, as: UTF8.self)
    traces[id] = traces[id]?.merging(recentMetadata) ?? recentMetadata
    clearRecentID()
    recentMetadata = TraceMetadata()
    recentKeySlots = 0
  }

  /// Starts gathering the metadata lines of the trace with this id.
  mutating func setRecentID(_ id: [UInt8]) {
    recentIDWords = id.allSatisfy { $0 < 0x80 } ? IDWords(id) : nil
    recentIDBytes = recentIDWords == nil ? id : nil
  }

  /// Starts gathering the metadata lines of the trace with the non-empty
  /// ASCII id of `count` bytes at `start`, with 16 bytes to read there.
  mutating func setRecentID(ascii start: UnsafePointer<UInt8>, count: Int) {
    recentIDWords = IDWords(ascii: start, count: count)
    recentIDBytes =
      recentIDWords == nil ? Array(UnsafeBufferPointer(start: start, count: count)) : nil
  }

  /// Ends gathering metadata lines.
  mutating func clearRecentID() {
    recentIDWords = nil
    recentIDBytes = nil
  }

  /// Whether a trace's id, as bytes and as a string, is the gathered
  /// lines' id: the same bytes or a canonically equivalent string.
  func isRecentID(_ bytes: [UInt8], _ id: String) -> Bool {
    if let words = recentIDWords {
      if words.count == bytes.count, words.matches(bytes) { return true }
      return String(decoding: words.bytes, as: UTF8.self) == id
    }
    guard let recent = recentIDBytes else { return false }
    return recent == bytes || String(decoding: recent, as: UTF8.self) == id
  }
}
