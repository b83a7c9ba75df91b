import GestureTrace

/// One report format of `analyze` and `merge`, described once: its
/// `--format` name, what it needs computed and how it renders an analysis.
///
/// ``all`` lists them; the `--format` values, the help's list and the
/// formats a usage error names are derived from it, so adding a report
/// format is its renderer plus one description in the list.
struct AnalysisFormat: RawRepresentable, CaseIterable, Hashable, Sendable,
  CustomStringConvertible
{
  /// The `--format` value.
  let name: String
  /// Whether the report summarizes the traces (CSV is one row per trace),
  /// so that sweeps have somewhere to go.
  let hasSummary: Bool
  /// Whether the report draws decision maps (HTML) or names the traces
  /// nearest their boundaries (text, Markdown): only then are the
  /// boundaries computed.
  let drawsDecisionMaps: Bool
  /// The report of an analysis of files (their names), which left out a
  /// count of traces for want of a scale.
  let render: @Sendable (_ analysis: Analysis, _ files: [String], _ leftOut: Int) -> String

  var rawValue: String { name }

  /// The name, as an enum case of it would print.
  var description: String { name }

  init?(rawValue: String) {
    guard let format = Self.all.first(where: { $0.name == rawValue }) else { return nil }
    self = format
  }

  init(
    name: String, hasSummary: Bool = true, drawsDecisionMaps: Bool,
    render: @escaping @Sendable (Analysis, [String], Int) -> String
  ) {
    self.name = name
    self.hasSummary = hasSummary
    self.drawsDecisionMaps = drawsDecisionMaps
    self.render = render
  }

  static var allCases: [AnalysisFormat] { all }

  static func == (left: AnalysisFormat, right: AnalysisFormat) -> Bool {
    left.name == right.name
  }

  func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// The help of `--sweeps-csv` as its usage errors show it.
  static let sweepsHelp =
    "--sweeps-csv <file>  Also write every sweep value and grid cell as a CSV row."

  /// The usage error of `--sweeps-csv` with a report that has no summary,
  /// naming the formats that have one.
  static var sweepsNeedASummary: CommandError {
    let formats = all.filter(\.hasSummary).map(\.name)
    return .usage(
      "--sweeps-csv needs a summary: use it with --format "
        + formats.dropLast().joined(separator: ", ") + " or " + formats.last!,
      help: sweepsHelp)
  }

  /// The usage error of `--sweeps-csv` with `analyze --partial`.
  static let sweepsNeedAMerge = CommandError.usage(
    "--sweeps-csv needs a summary: use it with 'gesturetrace merge', not with --partial",
    help: sweepsHelp)
}
