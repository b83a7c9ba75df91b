// Fuzz target: check's reader of expected-outcome tables (see tools/fuzz).

/// Parses the input as a table of expected outcomes (with the built-in
/// transitions; the `# input:` and `# transitions:` names are read, not
/// opened). A problem has a position, says what was expected and quotes
/// at most a short, escaped prefix of the input; a table that parses is
/// written back as `replay --format csv` and `check --update` write it,
/// and reads back the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheckTable(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  do throws(ExpectedOutcomes.Problem) {
    if let named = try ExpectedOutcomes.transitionsFile(in: bytes, name: "t.csv") {
      Fuzz.require(TablePath.inside(named.path) == named.path, "transitions '\(named.path)'")
      Fuzz.require(named.line >= 1 && named.column >= 1, "transitions position")
    }
  } catch {
    checkProblem(error)
  }
  let table: ExpectedOutcomes
  do throws(ExpectedOutcomes.Problem) {
    table = try ExpectedOutcomes(bytes: bytes, name: "t.csv")
  } catch {
    checkProblem(error)
    return 0
  }
  Fuzz.require(!table.variants.isEmpty, "no variant")
  Fuzz.require(table.inputs.count == table.inputPositions.count, "input positions")
  // What a name confined to the table's folder becomes never leaves it.
  for name in table.inputs + (table.transitions.map { [$0] } ?? []) {
    guard let path = TablePath.inside(name) else { continue }
    Fuzz.require(!path.hasPrefix("/"), "absolute '\(path)' from '\(name)'")
    Fuzz.require(
      !path.split(separator: "/", omittingEmptySubsequences: false).contains(".."),
      "'..' in '\(path)' from '\(name)'")
    Fuzz.require(TablePath.inside(path) == path, "'\(path)' is not normalized")
  }
  var ids = Set<String>()
  for row in table.rows {
    Fuzz.require(row.cells.count == table.variants.count, "row \(row.line) cells")
    Fuzz.require(ids.insert(row.trace).inserted, "row \(row.line) repeats its id")
  }
  // Written back as check --update writes it, the table reads the same.
  var text = table.preamble.map { $0 + "\n" }.joined()
  text += ReplayOutcomeReport.csvHeader(table.variants.map(\.spec))
  for row in table.rows { text += ReplayOutcomeReport.csvRow(row.trace, row.cells.map(\.text)) }
  do throws(ExpectedOutcomes.Problem) {
    let again = try ExpectedOutcomes(text: text, name: "t.csv")
    Fuzz.require(again.variants.map(\.spec) == table.variants.map(\.spec), "variants differ")
    Fuzz.require(again.rows.map(\.trace) == table.rows.map(\.trace), "ids differ")
    Fuzz.require(again.rows.map(\.cells) == table.rows.map(\.cells), "cells differ")
    Fuzz.require(again.inputs == table.inputs, "inputs differ")
    Fuzz.require(again.estimator == table.estimator, "estimator differs")
  } catch {
    Fuzz.require(false, "the table written back is refused: \(error)")
  }
  return 0
}

/// A problem says where (`t.csv:line:column:`, or `t.csv:` for the whole
/// table), what was expected, and has no control character and no long
/// quote.
private func checkProblem(_ problem: ExpectedOutcomes.Problem) {
  switch problem {
  case .data(let message):
    Fuzz.require(message.hasPrefix("t.csv:"), "unplaced \(message)")
    Fuzz.require(
      message.contains(": expected") || message.contains(" twice"), "message \(message)")
    Fuzz.require(
      !message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
      "control character in \(message)")
    Fuzz.require(message.unicodeScalars.count < 1_000, "long message \(message.prefix(200))")
  case .noVariant(let message):
    Fuzz.require(message.hasPrefix("'t.csv' names no variant"), "message \(message)")
  }
}
