import GestureTrace

/// A partial summary file (`analyze --partial`) read line by line through
/// a ``PartialReader``: its header first, on its own, then the rest.
///
/// A problem in the file is a data error naming the file, line and column;
/// a missing or unreadable file is a no-input error.
struct PartialFile {
  /// The path as given (`-` for standard input).
  let path: String
  /// The header, once read.
  private(set) var header: PartialHeader?
  /// Standard input's bytes read past the header line.
  private var leftover: [UInt8] = []
  /// The catalog the header's specs are looked up in.
  let catalog: TransitionCatalog
  /// Standard input's reader, past the header (a file is read again from
  /// its start).
  private var reader: PartialReader

  /// The file at `path`, not yet read, whose specs name built-in
  /// transitions.
  init(path: String) {
    self.init(path: path, catalog: .builtIn)
  }

  /// The file at `path`, not yet read, whose specs name transitions of
  /// `catalog`.
  init(path: String, catalog: TransitionCatalog) {
    self.path = path
    self.catalog = catalog
    reader = PartialReader(catalog: catalog)
  }

  /// How messages name the file.
  var displayName: String { TraceInput.displayName(path) }

  /// Reads the header line.
  mutating func readHeader() throws(CommandError) {
    var reader = PartialReader(catalog: catalog)
    var found: PartialHeader?
    let rest = try Self.lines(path, startingWith: [], firstLine: 1) { line throws(CommandError) in
      if case .header(let header) = try read(line, with: &reader) { found = header }
      return false
    } atEnd: { pending throws(CommandError) in
      try finish(reader, pending: pending)
    }
    header = found
    if path == "-" {
      leftover = rest
      self.reader = reader
    }
  }

  /// Reads every line after the header, handing each item and its line
  /// (without its line feed) to `body`, then checks that the file ended
  /// where the format says.
  mutating func readItems(
    _ body: (PartialItem, [UInt8]) throws(CommandError) -> Void
  ) throws(CommandError) {
    var reader = path == "-" ? self.reader : PartialReader(catalog: catalog)
    var skipsHeader = path != "-"
    _ = try Self.lines(
      path, startingWith: path == "-" ? leftover : [], firstLine: path == "-" ? 2 : 1
    ) { line throws(CommandError) in
      let item = try read(line, with: &reader)
      if skipsHeader {
        skipsHeader = false
        return true
      }
      try body(item, line)
      return true
    } atEnd: { pending throws(CommandError) in
      try finish(reader, pending: pending)
    }
    leftover = []
  }

  private func read(
    _ line: [UInt8], with reader: inout PartialReader
  ) throws(CommandError) -> PartialItem {
    do throws(PartialProblem) {
      return try reader.read(line)
    } catch {
      throw .dataError("\(displayName):\(error)")
    }
  }

  private func finish(_ reader: PartialReader, pending: Int?) throws(CommandError) {
    do throws(PartialProblem) {
      try reader.finish(unterminated: pending != nil)
    } catch {
      throw .dataError("\(displayName):\(error)")
    }
  }

  /// Hands each line of the file (after `start`, bytes already read) to
  /// `body`, while it returns true, and returns the bytes read past the
  /// line it stopped at; at the end of the file calls `atEnd` with the
  /// number of an unfinished last line. Lines are numbered from
  /// `firstLine`.
  private static func lines(
    _ path: String, startingWith start: [UInt8], firstLine: Int,
    _ body: ([UInt8]) throws(CommandError) -> Bool,
    atEnd: (Int?) throws(CommandError) -> Void
  ) throws(CommandError) -> [UInt8] {
    var pending = start
    var failure: CommandError?
    var stopped = false
    var lineNumber = firstLine - 1
    func drain() -> Bool {
      var from = 0
      defer { pending.removeFirst(from) }
      while let end = pending[from...].firstIndex(of: 0x0A) {
        lineNumber += 1
        let line = Array(pending[from..<end])
        from = end + 1
        do throws(CommandError) {
          guard try body(line) else {
            stopped = true
            return false
          }
        } catch {
          failure = error
          return false
        }
      }
      return true
    }
    if drain() {
      try Platform.readFile(path) { chunk in
        pending.append(contentsOf: chunk)
        return drain()
      }
    }
    if let failure { throw failure }
    guard !stopped else { return pending }
    try atEnd(pending.isEmpty ? nil : lineNumber + 1)
    return []
  }
}
