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
/// trace file, relative to the table's folder unless absolute) and
/// `estimator`. A cell holds `complete`, `cancel`, a page number, the name
/// of one of the variant's stops (a transition with more than two stops),
/// or `*` for any outcome.
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
  /// The header's variants, in order.
  var variants: [Variant] = []
  /// The rows, in file order.
  var rows: [Row] = []
  /// Per variant, the names of its stops when it has more than two (a cell
  /// may name one of them), else empty: no stop names are accepted.
  private var stopNames: [[String]] = []

  /// Whether an outcome is a stop.
  private static func isStop(_ outcome: TransitionOutcome) -> Bool {
    if case .stop = outcome { return true }
    return false
  }

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
        stopNames = variants.map { variant in
          guard let track = variant.track, track.isMultiStop else { return [] }
          return track.stops.map(\.name)
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
      for (position, cell) in cells.dropFirst().enumerated() {
        let stops = stopNames[position]
        if cell.text == "*" {
          row.cells.append(.any)
        } else if let outcome = TransitionOutcome(cell.text),
          Self.isStop(outcome) ? stops.contains(cell.text) : true
        {
          row.cells.append(.outcome(outcome))
        } else if !stops.isEmpty {
          throw problem(
            cell.column,
            "expected one of " + stops.joined(separator: ", ")
              + " (the stops of '\(variants[position].spec)') or '*', found '\(cell.text)'")
        } else {
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
