import GestureTrace

/// The outcome of every trace under every variant, as text, CSV or JSON,
/// written a row at a time.
///
/// The CSV is the contract other commands and tools build on: a `trace`
/// column, then one column per variant named by its spec as given, holding
/// `complete`, `cancel`, a page number or a stop's name. `check` reads it back as its
/// table of expected outcomes (``ExpectedOutcomes``), with the metadata
/// lines it starts with: the file replayed (`# input: …`) and the
/// estimator.
struct ReplayOutcomeReport {
  let variants: [Variant]
  let format: ReplayFormat
  let fps: Int
  /// The `# key: value` lines the CSV starts with.
  var metadata: [(key: String, value: String)] = []
  private var rows = 0
  /// Outcome counts per variant, for the text summary.
  private var counts: [[TransitionOutcome: Int]]
  private var textRows: [[String]] = []

  init(variants: [Variant], format: ReplayFormat, fps: Int) {
    self.variants = variants
    self.format = format
    self.fps = fps
    counts = Array(repeating: [:], count: variants.count)
  }

  func header() -> String {
    switch format {
    case .csv:
      return metadata.map { "# \($0.key): \($0.value)\n" }.joined()
        + Self.csvHeader(variants.map(\.spec))
    case .json:
      return "{\"version\":1,\"variants\":["
        + variants.map { jsonString($0.spec) }.joined(separator: ",") + "],\"traces\":["
    case .text:
      return ""
    }
  }

  mutating func add(trace id: String, outcomes: [ReplayOutcome], to text: inout String) {
    for (index, outcome) in outcomes.enumerated() {
      counts[index][outcome.outcome, default: 0] += 1
    }
    switch format {
    case .csv:
      text += Self.csvRow(id, outcomes.map(\.outcome.description))
    case .json:
      if rows > 0 { text += "," }
      text += "\n{\"trace\":\(jsonString(id)),\"outcomes\":["
      text += outcomes.map { outcome in
        "{\"outcome\":\(jsonString(outcome.outcome.description)),"
          + "\"decidedAt\":\(outcome.decidedAt),\"settledAt\":\(outcome.settledAt)}"
      }.joined(separator: ",")
      text += "]}"
    case .text:
      // NB: text is for people: rows are kept to align the columns.
      // NB: ids and names from input never reach the terminal raw.
      textRows.append(
        [id.escapingControlCharacters]
          + outcomes.map(\.outcome.description.escapingControlCharacters))
    }
    rows += 1
  }

  /// The CSV header line: `trace`, then the specs.
  static func csvHeader(_ specs: [String]) -> String {
    (["trace"] + specs).map(csvField).joined(separator: ",") + "\n"
  }

  /// One CSV row: the trace id, then one word per variant (`complete`,
  /// `cancel`, a page number, a stop's name; `check` tables also hold `*`).
  ///
  /// An id that starts with `#` is quoted (``csvField(_:)``): unquoted, its
  /// row would be read back as a comment.
  static func csvRow(_ id: String, _ words: [String]) -> String {
    var text = csvField(id)
    for word in words { text += "," + word }
    return text + "\n"
  }

  func footer() -> String {
    switch format {
    case .csv: return ""
    case .json: return "\n]}\n"
    case .text:
      // NB: a stops column only when a variant has more than two stops, so
      // that other reports keep their bytes.
      let stopLists = variants.map { variant in
        variant.track.map { $0.isMultiStop ? $0.sortedStops.compactMap { StopName($0.name) } : [] }
          ?? []
      }
      let showsStops = stopLists.contains { !$0.isEmpty }
      var table = [
        ["variant", "traces", "complete", "cancel", "pages"] + (showsStops ? ["stops"] : [])
      ]
      for ((variant, count), stops) in zip(zip(variants, counts), stopLists) {
        let pages = count.keys.compactMap { outcome -> (Int, Int)? in
          if case .page(let index) = outcome { return (index, count[outcome]!) }
          return nil
        }.sorted { $0.0 < $1.0 }
        // Each stop on the track in order, then any other stop decided.
        var settled = stops
        for outcome in count.keys.sorted() {
          if case .stop(let name) = outcome, !settled.contains(name) { settled.append(name) }
        }
        let stopCounts =
          settled.isEmpty
          ? "-"
          : settled.map { "\($0.description.escapingControlCharacters):\(count[.stop($0)] ?? 0)" }
            .joined(separator: " ")
        table.append(
          [
            variant.spec.escapingControlCharacters, String(rows), String(count[.complete] ?? 0),
            String(count[.cancel] ?? 0),
            pages.isEmpty ? "-" : pages.map { "\($0.0):\($0.1)" }.joined(separator: " "),
          ] + (showsStops ? [stopCounts] : []))
      }
      var text = ""
      if !textRows.isEmpty {
        let header = ["trace"] + variants.indices.map { "[\($0 + 1)]" }
        text += TextTable(rows: [header] + textRows).rendered() + "\n"
      }
      for (index, variant) in variants.enumerated() {
        text += "[\(index + 1)] \(variant.spec.escapingControlCharacters)\n"
      }
      table[0][0] = "variant"
      for index in table.indices.dropFirst() { table[index][0] = "[\(index)]" }
      return text + "\n" + TextTable(rows: table).rendered()
    }
  }
}

/// A JSON string literal, escaped as the JSON Lines writer does.
func jsonString(_ text: String) -> String {
  var result = ""
  JSONLinesEncoder.appendString(text, to: &result)
  return result
}

extension String {
  /// The string with every `target` replaced.
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
