import GestureTrace

/// A table of expected outcomes, as `replay --format csv` writes it: what
/// `check` compares today's replays with.
///
/// ```
/// # input: player-sheet.csv
/// # estimator: ios
/// trace,player-sheet,"player-sheet:rule=hammer,hammerDistance=40"
/// player-sheet-000000,complete,complete
/// player-sheet-000001,*,cancel
/// ```
///
/// `# key: value` lines before the header are metadata: `input` (once per
/// trace file or directory, relative to the table's folder and inside it:
/// see ``TablePath/confined(_:from:)``),
/// `estimator`, and `transitions`: the transitions file the variants'
/// declared transitions come from, relative to the table's folder and
/// inside it (``transitionsFile(in:name:)``). A cell holds `complete`,
/// `cancel`, a page number, a stop's name, or `*` for any outcome.
struct ExpectedOutcomes {
  /// What one cell accepts.
  enum Cell: Hashable, Sendable {
    /// Exactly this outcome.
    case outcome(TransitionOutcome)
    /// Any outcome: the trace is known to be fragile under this variant.
    case any

    /// The word the table holds.
    var text: String {
      switch self {
      case .outcome(let outcome): return outcome.description
      case .any: return "*"
      }
    }

    /// Whether `outcome` is accepted.
    func accepts(_ outcome: TransitionOutcome) -> Bool {
      switch self {
      case .outcome(let expected): return expected == outcome
      case .any: return true
      }
    }
  }

  /// One trace's row.
  struct Row: Sendable {
    /// The trace id.
    var trace: String
    /// One cell per variant, in header order.
    var cells: [Cell]
    /// The row's line in the file (from 1).
    var line: Int
  }

  /// The lines before the header, verbatim (metadata and comments), which
  /// `--update` writes back unchanged.
  var preamble: [String] = []
  /// The `input` metadata values, in order.
  var inputs: [String] = []
  /// The `estimator` metadata value.
  var estimator: String?
  /// The `transitions` metadata value, as written.
  var transitions: String?
  /// The header's variants, in order.
  var variants: [Variant] = []
  /// The rows, in file order.
  var rows: [Row] = []

  /// The problems a table can have: bad data (exit 65) or a header that
  /// names no variant (a usage error, exit 64).
  enum Problem: Error, Equatable {
    case data(String)
    case noVariant(String)
  }

  /// The largest table read, in bytes: 16 MiB, about 300,000 rows of a
  /// few variants; a larger one is refused before it is parsed.
  static let maximumBytes = 16 << 20
  /// The longest line of a table, in bytes, as the CSV trace reader's
  /// (``CSVTraceDecoder/maximumLineLength``).
  static let maximumLineLength = 1 << 20
  /// The most characters of a table's text a message quotes.
  static let maximumQuotedLength = 40

  /// Reads a table given as text (UTF-8), as ``init(bytes:name:catalog:)``.
  init(text: String, name: String, catalog: TransitionCatalog = .builtIn) throws(Problem) {
    try self.init(bytes: Array(text.utf8), name: name, catalog: catalog)
  }

  /// Reads a table from its bytes; `name` is the file's name in messages;
  /// the header's variants are looked up in `catalog`.
  ///
  /// Lines are split on bytes, as the trace readers split them: a line
  /// ends with LF or CR LF, a UTF-8 byte-order mark before the first line
  /// is skipped, and columns count bytes from 1 (after the mark). A
  /// carriage return alone, invalid UTF-8 outside a comment, a line longer
  /// than ``maximumLineLength`` and a table longer than ``maximumBytes``
  /// are problems at their line and column; a message quotes at most
  /// ``maximumQuotedLength`` characters of the table, escaped.
  init(
    bytes: some Collection<UInt8>, name: String, catalog: TransitionCatalog = .builtIn
  ) throws(Problem) {
    var headerSeen = false
    var lineNumber = 0
    var firstLine: [String: Int] = [:]
    guard bytes.count <= Self.maximumBytes else {
      throw .data(
        "\(name): expected a table of at most \(Self.maximumBytes >> 20) MiB, found a larger one")
    }
    var lines = TableLines(Array(bytes))
    while let line = try lines.next(name: name) {
      lineNumber = lines.number
      func problem(_ column: Int, _ message: String) -> Problem {
        .data("\(name):\(lineNumber):\(column): \(message)")
      }
      if line.first == UInt8(ascii: "#") {
        guard !headerSeen else { continue }
        let text = String(decoding: line, as: UTF8.self)
        let (key, value) = Self.metadata(text[...])
        if !key.isEmpty, let bad = line.firstInvalidUTF8Offset {
          throw problem(
            bad + 1, "expected UTF-8 text, found byte \(line[line.startIndex + bad].hexText)")
        }
        preamble.append(text)
        if key == "input" {
          inputs.append(value)
          inputPositions.append((lineNumber, Self.valueColumn(line)))
        }
        if key == "estimator" { estimator = value }
        if key == "transitions" { transitions = value }
        continue
      }
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
        if !headerSeen { preamble.append(String(decoding: line, as: UTF8.self)) }
        continue
      }
      if let bad = line.firstInvalidUTF8Offset {
        throw problem(
          bad + 1, "expected UTF-8 text, found byte \(line[line.startIndex + bad].hexText)")
      }
      let cells: [(text: String, column: Int)]
      do throws(FieldSplitter.Failure) {
        cells = try FieldSplitter().split(line)
      } catch {
        throw problem(error.column, error.message)
      }
      if !headerSeen {
        headerSeen = true
        guard cells[0].text == "trace" else {
          throw problem(
            1,
            "expected the header 'trace,<variant>,…' of 'replay --format csv', "
              + "found \(quotedPrefix(cells[0].text))")
        }
        guard cells.count > 1 else {
          throw .noVariant(
            "'\(name)' names no variant: its header is 'trace' alone; make it with "
              + "'gesturetrace replay FILE --variant SPEC --format csv -o \(name)'")
        }
        for cell in cells.dropFirst() {
          do throws(VariantError) {
            variants.append(try Variant(parsing: cell.text, in: catalog))
          } catch {
            throw problem(
              cell.column,
              "expected a variant spec, found \(quotedPrefix(cell.text)): "
                + Self.shortened(error.reason))
          }
        }
        var seen: [String: Int] = [:]
        for (index, variant) in variants.enumerated() {
          if seen[variant.spec] != nil {
            throw problem(
              cells[index + 1].column,
              "the variant \(quotedPrefix(variant.spec)) is named twice")
          }
          seen[variant.spec] = index
        }
        continue
      }
      guard cells.count == variants.count + 1 else {
        let column = cells.count > variants.count + 1 ? cells[variants.count + 1].column : 1
        throw problem(
          column,
          "expected \(variants.count + 1) fields (the trace and one per variant), "
            + "found \(cells.count)")
      }
      let id = cells[0].text
      guard Trace.isValidID(id) else {
        throw problem(cells[0].column, "expected a trace id, found \(quotedPrefix(id))")
      }
      if let first = firstLine[id] {
        throw problem(
          cells[0].column,
          "the trace \(quotedPrefix(id)) is listed twice (first on line \(first))")
      }
      firstLine[id] = lineNumber
      var row = Row(trace: id, cells: [], line: lineNumber)
      for (index, cell) in cells.dropFirst().enumerated() {
        if cell.text == "*" {
          row.cells.append(.any)
          continue
        }
        // NB: a stop's name only under a variant that settles on stops,
        // and one of its stops; that variant has no other outcome.
        let stops = variants[index].track.flatMap { $0.isMultiStop ? $0.stops : nil }
        switch (TransitionOutcome(cell.text), stops) {
        case (.stop(let stop)?, let stops?) where stops.contains { $0.name == stop.description }:
          row.cells.append(.outcome(.stop(stop)))
        case (.complete?, nil), (.cancel?, nil), (.page?, nil):
          row.cells.append(.outcome(TransitionOutcome(cell.text)!))
        case (_, let stops?):
          throw problem(
            cell.column,
            "expected one of " + stops.map(\.name).joined(separator: ", ")
              + " (the stops of \(quotedPrefix(variants[index].spec))) or '*', "
              + "found \(quotedPrefix(cell.text))")
        default:
          throw problem(
            cell.column,
            "expected 'complete', 'cancel', a page number or '*', "
              + "found \(quotedPrefix(cell.text))")
        }
      }
      rows.append(row)
    }
    guard headerSeen else {
      throw .data(
        "\(name):\(max(lines.number, 1)):1: expected the header 'trace,<variant>,…' of "
          + "'replay --format csv', found the end of the file")
    }
  }

  /// The table's `# transitions:` value, read before its variants are (they
  /// may name the file's transitions), as a path relative to the table's
  /// folder that stays inside it, with the line and column of the value:
  /// `nil` when the table names none; a data problem at its line and
  /// column for an absolute path or one that climbs out with `..`, which a
  /// table committed with its traces has no need of, and which would let a
  /// table read any file. Lines are read as ``init(bytes:name:catalog:)``
  /// reads them.
  static func transitionsFile(
    in bytes: some Collection<UInt8>, name: String
  ) throws(Problem) -> (path: String, line: Int, column: Int)? {
    guard bytes.count <= maximumBytes else { return nil }
    var lines = TableLines(Array(bytes))
    while let line = try lines.next(name: name) {
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      guard line.first == UInt8(ascii: "#") else { return nil }
      let (key, value) = metadata(String(decoding: line, as: UTF8.self)[...])
      guard key == "transitions" else { continue }
      guard let path = TablePath.inside(value) else {
        throw .data(
          "\(name):\(lines.number):\(valueColumn(line)): expected a transitions file in the "
            + "table's folder or below it, found \(quotedPrefix(value))")
      }
      return (path, lines.number, valueColumn(line))
    }
    return nil
  }

  /// Where each `input` value starts: its line and byte column, in the
  /// order of ``inputs``.
  var inputPositions: [(line: Int, column: Int)] = []

  /// The column (from 1, in bytes) where the value of a `# key: value`
  /// line starts: past the colon and the spaces after it.
  private static func valueColumn(_ line: ArraySlice<UInt8>) -> Int {
    guard var index = line.firstIndex(of: UInt8(ascii: ":")) else { return 1 }
    index += 1
    while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    return index - line.startIndex + 1
  }

  /// The key and value of a `# key: value` line; empty strings for any
  /// other comment.
  private static func metadata(_ line: Substring) -> (String, String) {
    let body = line.dropFirst()
    guard let colon = body.firstIndex(of: ":") else { return ("", "") }
    let key = body[..<colon].trimmingSpaces
    guard TraceMetadata.isValidKey(key) else { return ("", "") }
    return (key, body[body.index(after: colon)...].trimmingSpaces)
  }

  /// A message from elsewhere cut to a few hundred characters.
  private static func shortened(_ text: String) -> String {
    text.escapedPrefix(scalars: 300)
  }
}

/// The lines of a table's bytes, split on line feeds as the trace readers
/// split them: without the line feed and a carriage return before it,
/// the first without a UTF-8 byte-order mark.
private struct TableLines {
  private let bytes: [UInt8]
  private var start = 0
  private var done = false
  /// The line last returned, from 1.
  private(set) var number = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
  }

  /// The next line; `nil` at the end. A problem for a line longer than
  /// ``ExpectedOutcomes/maximumLineLength`` and for a carriage return
  /// that ends no line.
  mutating func next(name: String) throws(ExpectedOutcomes.Problem) -> ArraySlice<UInt8>? {
    guard !done else { return nil }
    number += 1
    let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
    if end == bytes.endIndex { done = true }
    var line = bytes[start..<end]
    start = end + 1
    guard line.count <= ExpectedOutcomes.maximumLineLength else {
      throw .data(
        "\(name):\(number):1: expected a line of at most \(ExpectedOutcomes.maximumLineLength) "
          + "bytes, found a longer one")
    }
    if line.last == 0x0D { line = line.dropLast() }
    if let cr = line.firstIndex(of: 0x0D) {
      throw .data(
        "\(name):\(number):\(cr - line.startIndex + 1): expected a line feed after a carriage "
          + "return (lines end with LF or CR LF), found a carriage return alone")
    }
    // NB: the end of the file after a final line feed is no line.
    if done, line.isEmpty, number > 1 { return nil }
    return line
  }
}

/// Splits a CSV line into fields with RFC 4180 quoting, as
/// ``csvField(_:)`` writes them, with the byte column each starts at.
// NB: on bytes, not characters: a Prepend character (U+0600) before a
// comma, or a combining mark after one, makes the two one `Character`.
private struct FieldSplitter {
  /// A quoting problem: where and what.
  struct Failure: Error {
    var column: Int
    var message: String
  }

  /// The fields of `line`, unquoted, each with its first column (from 1).
  func split(_ line: ArraySlice<UInt8>) throws(Failure) -> [(text: String, column: Int)] {
    var fields: [(text: String, column: Int)] = []
    let quote = UInt8(ascii: "\"")
    let comma = UInt8(ascii: ",")
    let base = line.startIndex
    var index = base
    while true {
      let start = index
      var text: [UInt8] = []
      if index < line.endIndex && line[index] == quote {
        index += 1
        var closed = false
        while index < line.endIndex {
          if line[index] == quote {
            if index + 1 < line.endIndex && line[index + 1] == quote {
              text.append(quote)
              index += 2
              continue
            }
            closed = true
            index += 1
            break
          }
          text.append(line[index])
          index += 1
        }
        guard closed else {
          throw Failure(
            column: start - base + 1,
            message: "expected a closing '\"' for the quoted field, found the end of the line")
        }
        if index < line.endIndex && line[index] != comma {
          // The character there, whole: the line is valid UTF-8.
          var end = index + 1
          while end < line.endIndex, line[end] & 0xC0 == 0x80 { end += 1 }
          throw Failure(
            column: index - base + 1,
            message: "expected ',' after a quoted field, found "
              + quotedPrefix(String(decoding: line[index..<end], as: UTF8.self)))
        }
      } else {
        let end = line[index...].firstIndex(of: comma) ?? line.endIndex
        text.append(contentsOf: line[index..<end])
        index = end
      }
      fields.append((String(decoding: text, as: UTF8.self), start - base + 1))
      guard index < line.endIndex else { return fields }
      index += 1  // the comma
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    var slice = self[...]
    while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
    while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
    return String(slice)
  }
}
