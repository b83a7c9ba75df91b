import GestureTrace

/// A table of expected outcomes, as `replay --format csv` writes it: what
/// `check` compares today's replays with.
///
/// ```
/// # input: ../player-sheet.csv
/// # estimator: ios
/// trace,player-sheet,"player-sheet:rule=hammer,hammerDistance=40"
/// player-sheet-000000,complete,complete
/// player-sheet-000001,*,cancel
/// ```
///
/// `# key: value` lines before the header are metadata: `input` (once per
/// trace file, relative to the table's folder unless absolute),
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

  /// Reads a table; `name` is the file's name in messages; the header's
  /// variants are looked up in `catalog`.
  init(text: String, name: String, catalog: TransitionCatalog = .builtIn) throws(Problem) {
    var headerSeen = false
    var lineNumber = 0
    var firstLine: [String: Int] = [:]
    let fields = FieldSplitter()
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine[...]
      func problem(_ column: Int, _ message: String) -> Problem {
        .data("\(name):\(lineNumber):\(column): \(message)")
      }
      if line.hasPrefix("#") {
        guard !headerSeen else { continue }
        preamble.append(String(line))
        let (key, value) = Self.metadata(line)
        if key == "input" { inputs.append(value) }
        if key == "estimator" { estimator = value }
        if key == "transitions" { transitions = value }
        continue
      }
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
        if !headerSeen { preamble.append(String(line)) }
        continue
      }
      let cells: [(text: String, column: Int)]
      do throws(FieldSplitter.Failure) {
        cells = try fields.split(String(line))
      } catch {
        throw problem(error.column, error.message)
      }
      if !headerSeen {
        headerSeen = true
        guard cells[0].text == "trace" else {
          throw problem(
            1,
            "expected the header 'trace,<variant>,…' of 'replay --format csv', "
              + "found '\(cells[0].text)'")
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
            throw problem(cell.column, "expected a variant spec, found '\(cell.text)': \(error)")
          }
        }
        var seen: [String: Int] = [:]
        for (index, variant) in variants.enumerated() {
          if seen[variant.spec] != nil {
            throw problem(cells[index + 1].column, "the variant '\(variant.spec)' is named twice")
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
        throw problem(1, "expected a trace id, found '\(id)'")
      }
      if let first = firstLine[id] {
        throw problem(1, "the trace '\(id)' is listed twice (first on line \(first))")
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
              + " (the stops of '\(variants[index].spec)') or '*', found '\(cell.text)'")
        default:
          throw problem(
            cell.column,
            "expected 'complete', 'cancel', a page number or '*', "
              + "found '\(cell.text)'")
        }
      }
      rows.append(row)
    }
    guard headerSeen else {
      throw .data(
        "\(name):\(lineNumber):1: expected the header 'trace,<variant>,…' of "
          + "'replay --format csv', found the end of the file")
    }
  }

  /// The table's `# transitions:` value, read before its variants are (they
  /// may name the file's transitions), as a path relative to the table's
  /// folder that stays inside it: `nil` when the table names none; a data
  /// problem at its line and column for an absolute path or one that climbs
  /// out with `..`, which a table committed with its traces has no need
  /// of, and which would let a table read any file.
  static func transitionsFile(in text: String, name: String) throws(Problem) -> String? {
    var lineNumber = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine[...]
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
      guard line.hasPrefix("#") else { return nil }
      let (key, value) = metadata(line)
      guard key == "transitions" else { continue }
      guard let path = TablePath.inside(value) else {
        // The value's column: past the colon and the spaces after it.
        let colon = line.firstIndex(of: ":")!
        let spaces = line[line.index(after: colon)...].prefix { $0 == " " || $0 == "\t" }
        let column = line.distance(from: line.startIndex, to: spaces.endIndex) + 1
        throw .data(
          "\(name):\(lineNumber):\(column): expected a transitions file in the table's folder "
            + "or below it, found '\(value)'")
      }
      return path
    }
    return nil
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
}

/// Splits a CSV line into fields with RFC 4180 quoting, as
/// ``csvField(_:)`` writes them, with the column each starts at.
private struct FieldSplitter {
  /// A quoting problem: where and what.
  struct Failure: Error {
    var column: Int
    var message: String
  }

  /// The fields of `line`, unquoted, each with its first column (from 1).
  func split(_ line: String) throws(Failure) -> [(text: String, column: Int)] {
    var fields: [(text: String, column: Int)] = []
    let characters = Array(line)
    var index = 0
    while true {
      let start = index
      var text = ""
      if index < characters.count && characters[index] == "\"" {
        index += 1
        var closed = false
        while index < characters.count {
          if characters[index] == "\"" {
            if index + 1 < characters.count && characters[index + 1] == "\"" {
              text.append("\"")
              index += 2
              continue
            }
            closed = true
            index += 1
            break
          }
          text.append(characters[index])
          index += 1
        }
        guard closed else {
          throw Failure(
            column: start + 1,
            message: "expected a closing '\"' for the quoted field, found the end of the line")
        }
        if index < characters.count && characters[index] != "," {
          throw Failure(
            column: index + 1,
            message: "expected ',' after a quoted field, found '\(characters[index])'")
        }
      } else {
        while index < characters.count && characters[index] != "," {
          text.append(characters[index])
          index += 1
        }
      }
      fields.append((text, start + 1))
      guard index < characters.count else { return fields }
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
