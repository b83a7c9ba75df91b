import GestureTrace

/// Reads pieces of one CSV or JSON Lines trace file at given offsets; safe
/// to use from several threads at once.
struct PieceReader: Sendable {
  let path: String
  let descriptor: Int32
  let size: Int
  /// The file mapped into memory, if it could be: pieces are then read in
  /// place rather than copied.
  let mapping: MappedFile?

  /// The bytes up to and including the header, and the position of the
  /// trace column; `nil` when the file is not CSV or has no valid header.
  func preamble(format: TraceFileFormat?) throws(CommandError) -> (bytes: [UInt8], idField: Int)? {
    var length = min(size, 1 << 16)
    while true {
      let bytes = try read(0..<length)
      let detected = format ?? TraceFileFormat(path: path) ?? TraceFileFormat(sniffing: bytes)
      guard detected == .csv else { return nil }
      let found = bytes.withUnsafeBufferPointer {
        CSVTraceSplitter.preamble($0, isWholeFile: length == size)
      }
      switch found {
      case .header(let end, let idField):
        return (Array(bytes[..<end]), idField)
      case .invalid:
        return nil
      case .needsMoreBytes:
        length = min(size, length * 4)
      }
    }
  }

  /// The offset of the first cut after `offset`, or the end of the file.
  func cut(after offset: Int, splitter: inout CSVTraceSplitter) throws(CommandError) -> Int {
    guard offset < size else { return size }
    var length = 1 << 16
    while true {
      let window = try read((offset - 1)..<min(size, offset - 1 + length))
      let isFinal = offset - 1 + window.count >= size
      let found = window.withUnsafeBufferPointer { splitter.cut(in: $0, isFinal: isFinal) }
      if let found { return offset - 1 + found }
      length *= 4
    }
  }

  /// Reads and analyzes one piece with its own decoder, into an empty
  /// piece of `template` whose lists take at most `listRoom`; `preamble`
  /// is `nil` for JSON Lines.
  func analyze(
    _ range: Range<Int>, preamble: [UInt8]?, template: TraceAnalyzer, listRoom: ListRoom? = nil
  ) -> AnalyzedRun {
    // NB: pieces are analyzed on several threads at once; each with a plan
    // of its own, their reference counts stay apart.
    var part = AnalyzedRun(analyzer: template.emptyPiece(listRoom: listRoom, ownPlan: true))
    if let mapping {
      let bytes = UnsafeBufferPointer(
        start: mapping.address.assumingMemoryBound(to: UInt8.self) + range.lowerBound,
        count: range.count)
      decode(bytes, preamble: preamble, startsFile: range.lowerBound == 0, into: &part)
      // NB: read pages count as this process's memory until released.
      Platform.releasePages(mapping.address, range)
    } else if let bytes = try? read(range) {
      bytes.withUnsafeBufferPointer {
        decode($0, preamble: preamble, startsFile: range.lowerBound == 0, into: &part)
      }
    } else {
      part.isIrregular = true
    }
    part.analyzer.byteCount = range.count
    return part
  }

  private func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, preamble: [UInt8]?, startsFile: Bool,
    into part: inout AnalyzedRun
  ) {
    guard let preamble else { return decodeLines(bytes, startsFile: startsFile, into: &part) }
    var decoder = CSVTraceDecoder()
    func handle(_ item: TraceFileItem) {
      guard !part.isIrregular else { return }
      switch item {
      case .trace(let trace, _):
        part.analyzer.add(idChecked: trace)
      case .problem:
        part.isIrregular = true
      }
    }
    preamble.withUnsafeBufferPointer { decoder.push($0, into: handle) }
    decoder.push(bytes, into: handle)
    if decoder.hasPendingTraceMetadata { part.isIrregular = true }
    decoder.finish(into: handle)
    // NB: every trace of a regular piece was started and handed over, so
    // the decoder's ids are the piece's.
    part.idHashes = decoder.startedTraceIDHashes
  }

  /// The bytes of a range of the file.
  func read(_ range: Range<Int>) throws(CommandError) -> [UInt8] {
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
      if let got = Platform.readBytes(descriptor, into: buffer, atOffset: range.lowerBound) {
        count = got
      } else {
        count = 0
        failed = true
      }
    }
    if failed { throw .noInput("Cannot read '\(path)': \(Platform.errorText)") }
    return bytes
  }
}

/// A read-only mapping of a whole file, shared by the threads reading it.
struct MappedFile: @unchecked Sendable {
  // NB: never written; unmapped only after every piece is read.
  let address: UnsafeRawPointer
}
