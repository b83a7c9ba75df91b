/// Reads a partial summary (``PartialFormat``) line by line, checking
/// that its lines come in the format's order and agree with each other.
///
/// Any input gives either its items or a ``PartialProblem`` with a line
/// and a column; none makes the reader trap.
package struct PartialReader {
  private enum Stage { case header, traces, samples, done }

  private var stage = Stage.header
  private var lineNumber = 0
  /// The header's plan, once read.
  package private(set) var header: PartialHeader?
  /// How many trace lines were read, overall and per group.
  private var traceLines = 0
  private var groupLines: [String: Int] = [:]
  private var valueCount = 0
  /// The line of each trace id read, by its 64-bit FNV-1a hash (as the
  /// trace decoders remember ids): a repeated id is an error.
  // NB: a collision of two ids' hashes (about n²/2⁶⁵ for n ids) would be
  // taken for a repeat, as the trace readers take it.
  private var idLines: [UInt64: Int] = [:]

  /// The transitions the header's variants and sweeps are looked up in.
  package let catalog: TransitionCatalog

  /// A reader at the start of a partial, looking the plan's transitions up
  /// in `catalog`.
  package init(catalog: TransitionCatalog = .builtIn) {
    self.catalog = catalog
  }

  /// Reads the next line, without its line feed.
  package mutating func read(_ line: [UInt8]) throws(PartialProblem) -> PartialItem {
    lineNumber += 1
    if let offset = PartialLineBuffer.valueLimitOffset(line) {
      throw PartialProblem(
        line: lineNumber, column: offset + 1,
        message: "expected a line of at most \(PartialLineBuffer.maximumValueCount) values, "
          + "found more")
    }
    let parsed = try PartialLine(line, number: lineNumber)
    switch stage {
    case .header:
      let header = try readHeader(parsed)
      self.header = header
      valueCount = AnalysisAccumulator.rowWidth(variants: header.plan.variants.count)
      stage = .traces
      return .header(header)
    case .done:
      throw PartialProblem(
        line: lineNumber, column: 1,
        message: "expected the end of the file after the summary line, found another line")
    case .traces, .samples:
      let plan = header!.plan
      if parsed.has("id") {
        guard stage == .traces else {
          throw parsed.problem(
            at: parsed.object, "expected a sample or the summary line, found a trace line")
        }
        return .trace(try readTrace(parsed, plan: plan))
      }
      if parsed.has("sample") {
        stage = .samples
        return .sample(try readSample(parsed))
      }
      if parsed.has("summary") {
        stage = .done
        return .summary(try readSummary(parsed, plan: plan))
      }
      throw parsed.problem(
        at: parsed.object, "expected a trace, sample or summary line, found another object")
    }
  }

  /// Checks that the partial is complete once its last line is read;
  /// `unterminated` says that bytes follow that line with no line feed.
  package func finish(unterminated: Bool = false) throws(PartialProblem) {
    guard !unterminated else {
      throw PartialProblem(
        line: lineNumber + 1, column: 1,
        message: "expected a line feed at the end of the line, found the end of the file")
    }
    guard stage == .done else {
      let expected = stage == .header ? "the header line" : "the summary line"
      throw PartialProblem(
        line: lineNumber + 1, column: 1, message: "expected \(expected), found the end of the file")
    }
  }

  private func readHeader(_ line: PartialLine) throws(PartialProblem) -> PartialHeader {
    let format = try line.member("format")
    guard try line.string(format) == PartialFormat.formatName else {
      throw line.problem(
        at: format,
        "expected the format '\(PartialFormat.formatName)', "
          + "found \(try line.string(format).messageQuoted)")
    }
    let version = try line.member("version")
    guard (try? line.integer(version)) == PartialFormat.version else {
      throw line.problem(
        at: version, "expected version \(PartialFormat.version), found \(line.quoted(version))")
    }
    let planValue = try line.member("plan")
    var specs: [String] = []
    let variantValues = try line.array(line.member("variants", of: planValue))
    guard !variantValues.isEmpty else {
      throw line.problem(at: planValue, "expected at least one variant, found none")
    }
    var variants: [Variant] = []
    for value in variantValues {
      let spec = try line.string(value)
      specs.append(spec)
      do throws(VariantError) {
        variants.append(try Variant(parsing: spec, in: catalog))
      } catch {
        throw line.problem(
          at: value, "expected a variant, found \(spec.messageQuoted): \(error.reason)")
      }
    }
    var sweeps: [Sweep] = []
    for value in try line.array(line.member("sweeps", of: planValue)) {
      let spec = try line.string(value)
      do throws(VariantError) {
        sweeps.append(try Sweep(parsing: spec, in: catalog))
      } catch {
        throw line.problem(
          at: value, "expected a sweep, found \(spec.messageQuoted): \(error.reason)")
      }
    }
    let grids: [SweepGrid]
    do throws(VariantError) {
      grids = try SweepGrid.grids(of: sweeps)
    } catch {
      throw line.problem(at: planValue, "expected sweeps that make valid grids: \(error.reason)")
    }
    let fps = try line.integer(line.member("fps", of: planValue), in: 1...1000)
    let estimatorValue = try line.member("estimator", of: planValue)
    guard let estimator = VelocityEstimator(name: try line.string(estimatorValue)) else {
      throw line.problem(
        at: estimatorValue, "expected a velocity estimator's name, found another name")
    }
    let groupBy = try line.optionalString(line.member("groupBy", of: planValue))
    let perturbationValue = try line.member("perturbations", of: planValue)
    var names: [String] = []
    for value in try line.array(perturbationValue) { names.append(try line.string(value)) }
    guard names.isEmpty || names == Perturbation.all.map(\.name) else {
      throw line.problem(
        at: perturbationValue, "expected no perturbations or those of --stability, found others")
    }
    let plan = AnalysisPlan(
      variants: variants, sweeps: sweeps, grids: grids,
      replayer: Replayer(framesPerSecond: fps, estimator: estimator), groupBy: groupBy,
      perturbations: names.isEmpty ? [] : Perturbation.all)
    let fields = PartialFormat.planFields(plan)
    // NB: a spec that does not read back as written (it cannot, today)
    // would make a plan other than the one named.
    guard fields.first?.json == Self.json(specs) else {
      throw line.problem(at: planValue, "expected variants that read back as written")
    }
    var files: [String] = []
    for value in try line.array(line.member("files")) { files.append(try line.string(value)) }
    return PartialHeader(plan: plan, files: files, planFields: fields)
  }

  private static func json(_ texts: [String]) -> String {
    var text = ""
    PartialText.append(texts, to: &text)
    return text
  }

  private mutating func readTrace(
    _ line: PartialLine, plan: AnalysisPlan
  ) throws(PartialProblem) -> PartialTrace {
    let idValue = try line.member("id")
    let id = try line.string(idValue)
    let hash = TraceIDHash.of(id)
    if let first = idLines[hash] {
      throw line.problem(
        at: idValue,
        "expected a trace id not used before, found \(id.messageQuoted) (first at line \(first))")
    }
    var group: String?
    if plan.groupBy != nil {
      let name = try line.string(line.member("group"))
      groupLines[name, default: 0] += 1
      group = name
    }
    var values: [Double] = []
    values.reserveCapacity(valueCount)
    let listed = try line.array(line.member("values"), count: valueCount)
    for value in listed {
      values.append(try line.double(value))
    }
    // The last number is the index of the transition the trace is meant
    // for (``TraceAnalysis/targetIndex(in:)``).
    let aim = values[values.count - 1]
    guard aim == aim.rounded(), aim >= Double(TraceAnalysis.elsewhere),
      aim < Double(plan.transitionNames.count)
    else {
      throw line.problem(
        at: listed[listed.count - 1],
        "expected the index of a transition of the plan, -1 or -2, found \(line.quoted(listed[listed.count - 1]))"
      )
    }
    // NB: the features are finite, and so are a variant's decision and
    // settle times on a trace meant for its transition; they are NaN on
    // the others (``AnalysisAccumulator/appendValues(of:plan:to:)``).
    let features = FeatureSummary.table.count
    for index in 0..<(values.count - 1) {
      let variant = (index - features) / 2
      let meant =
        index < features || Int(aim) == TraceAnalysis.untargeted
        || Int(aim) == plan.variantTransitions[variant]
      guard meant ? values[index].isFinite : values[index].isNaN else {
        throw line.problem(
          at: listed[index],
          meant
            ? "expected a finite number, found \(line.quoted(listed[index]))"
            : "expected NaN for a variant whose transition the trace is not meant for, "
              + "found \(line.quoted(listed[index]))")
      }
    }
    let rowValue = try line.member("row")
    let row = try line.string(rowValue)
    try Self.checkRow(row, id: id, at: rowValue, in: line)
    traceLines += 1
    idLines[hash] = lineNumber
    return PartialTrace(id: id, group: group, values: values, row: row)
  }

  /// Checks that a trace's row is one `analyze --format csv` writes for
  /// it: its id first, as a CSV field, then a comma; no line break or
  /// other control character outside a quoted field.
  private static func checkRow(
    _ row: String, id: String, at value: JSONValue, in line: PartialLine
  ) throws(PartialProblem) {
    let field = csvField(id) + ","
    guard row.utf8.starts(with: field.utf8) else {
      throw line.problem(
        at: value,
        "expected a row starting with the trace's id \(id.messageQuoted), "
          + "found \(row.messageQuoted)")
    }
    var quoted = false
    for byte in row.utf8.dropFirst(field.utf8.count) {
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if !quoted, byte < 0x20 || byte == 0x7F {
        throw line.problem(
          at: value,
          "expected a row of one line without control characters, found \(row.messageQuoted)")
      }
    }
  }

  private func readSample(_ line: PartialLine) throws(PartialProblem) -> Trace {
    let value = try line.member("sample")
    var decoder = JSONLinesDecoder()
    let items = decoder.decode(try line.string(value) + "\n")
    guard items.count == 1, case .trace(let trace, _) = items[0] else {
      var reason = "expected one trace"
      if case .problem(let problem) = items.first { reason += ": \(problem)" }
      throw line.problem(at: value, reason)
    }
    return trace
  }

  private func readSummary(
    _ line: PartialLine, plan: AnalysisPlan
  ) throws(PartialProblem) -> PartialSummary {
    let overallValue = try line.member("summary")
    var accumulator = GroupedAccumulator(plan: plan)
    accumulator.overall = try AnalysisAccumulator(counts: overallValue, in: line, plan: plan)
    guard accumulator.overall.traceCount == traceLines else {
      throw line.problem(
        at: overallValue,
        "expected the count of trace lines, \(traceLines), found \(accumulator.overall.traceCount)")
    }
    let groupsValue = try line.member("groups")
    var seen = 0
    for item in try line.array(groupsValue) {
      let pair = try line.array(item, count: 2)
      let name = try line.string(pair[0])
      guard plan.groupBy != nil, accumulator.groups[name] == nil else {
        throw line.problem(
          at: pair[0], "expected no group of this name, found \(name.messageQuoted)")
      }
      let group = try AnalysisAccumulator(counts: pair[1], in: line, plan: plan)
      guard group.traceCount == groupLines[name] ?? 0 else {
        throw line.problem(
          at: pair[1],
          "expected the count of the group's trace lines, \(groupLines[name] ?? 0), "
            + "found \(group.traceCount)")
      }
      seen += group.traceCount
      accumulator.groups[name] = group
    }
    guard seen == traceLines || plan.groupBy == nil else {
      throw line.problem(at: groupsValue, "expected a group for every trace line's group")
    }
    // NB: the traces and those left out add up to at most the count
    // limit, so that merged partials' counts cannot overflow.
    let leftOut = try line.integer(
      line.member("leftOut"), in: 0...(PartialLine.countLimit - traceLines))
    var units: [String] = []
    let unitsValue = try line.member("leftOutUnits")
    for value in try line.array(unitsValue) {
      let unit = try line.string(value)
      try line.check(
        units.last.map { $0 < unit } ?? true, at: value,
        "expected the units left out in order, once each, found \(unit.messageQuoted)")
      units.append(unit)
    }
    try line.check(
      units.count <= leftOut, at: unitsValue,
      "expected at most one unit per trace left out, \(leftOut), found \(units.count)")
    var keys: Set<String> = []
    for value in try line.array(line.member("metadataKeys")) { keys.insert(try line.string(value)) }
    return PartialSummary(
      accumulator: accumulator, leftOutCount: leftOut, leftOutUnits: units, metadataKeys: keys)
  }
}

extension String {
  /// The text in single quotes for a message, cut when long.
  fileprivate var messageQuoted: String { JSONProblem.quoted(self) }
}
