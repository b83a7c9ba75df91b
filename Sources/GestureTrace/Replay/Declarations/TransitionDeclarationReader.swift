/// Reads a transitions file into checked ``TransitionDeclaration``s,
/// reporting the first problem at its line and column.
///
/// The file is one JSON object: `{"version": 1, "transitions": {NAME:
/// DECLARATION, …}}`. A declaration is either a view between stops:
///
/// | key | value |
/// |---|---|
/// | `axis` | `"x"` or `"y"` (required) |
/// | `stops` | object of stop name → position in points (2…32 stops, required) |
/// | `start` | the stop the view rests at (default the first stop) |
/// | `rule` | a release rule (two stops) or a stop rule (more); default `projection` |
/// | `parameters` | object of parameter → default: the rule's, `rubberBandDimension`, … |
/// | `decideAt` | translation toward the other stop that completes during the drag (two stops) |
/// | `rubberBand` | `true`: UIScrollView rubber band beyond the end stops |
/// | `drag` | `"follow"` (default), `"clamp"`, `"pan-modal"` or `"deck"` |
/// | `settle` | `{"response": s, "dampingRatio": r}`, `{"duration": s, "dampingRatio": r}`, `{"duration": s, "curve": name, "percentDriven": bool}` or `{"library": "floating-panel"}` |
/// | `summary`, `source` | strings for `gesturetrace variants` |
/// | `sources` | object of parameter → where its default comes from |
/// | `alternatives` | array of variant settings `analyze` compares, such as `"rule=nearest"` |
///
/// or a library preset with other defaults: `preset`, `parameters` (any of
/// the preset's, stops and `start` included), `summary`, `source`,
/// `sources`, `alternatives`.
struct TransitionDeclarationReader {
  /// The largest file read, in bytes.
  static let maximumBytes = 1 << 20
  /// The most transitions one file declares.
  static let maximumTransitions = 64
  /// The most stops one transition has.
  static let maximumStops = 32
  /// The format version this reader understands.
  static let version = 1
  /// The most alternatives one transition lists.
  static let maximumAlternatives = 64

  private let file: String
  private let bytes: [UInt8]
  private let lineStarts: [Int]
  /// Whether declarations may name a preset (not within the presets).
  private let allowsPresets: Bool

  /// A reader of `text`, which messages call `file`.
  init(text: String, file: String, allowsPresets: Bool = true) {
    self.file = file
    bytes = Array(text.utf8)
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
    lineStarts = starts
    self.allowsPresets = allowsPresets
  }

  /// The declarations in file order, with the byte offset of each name;
  /// `isTaken` says whether a name belongs to a transition already.
  func read(isTaken: (String) -> Bool) throws(TransitionDeclarationError)
    -> [(declaration: TransitionDeclaration, offset: Int)]
  {
    guard bytes.count <= Self.maximumBytes else {
      throw problem(0, "expected at most \(Self.maximumBytes) bytes, found \(bytes.count)")
    }
    let root = try parse()
    guard case .object(let members) = root.kind else {
      throw problem(root.offset, "expected an object")
    }
    var version: Int?
    var transitions: [JSONValue.Member]?
    var transitionsOffset = root.offset
    for (index, member) in members.enumerated() {
      guard !members[..<index].contains(where: { $0.key == member.key }) else {
        throw problem(
          member.keyOffset, "expected each key once, found \(JSONProblem.quoted(member.key)) again")
      }
      switch member.key {
      case "version":
        do throws(DeclarationVersion.Mismatch) {
          version = try DeclarationVersion.read(
            literal(member.value), isNumber: member.value.kind == .number,
            supported: Self.version, found: found(member.value))
        } catch {
          throw problem(member.value.offset, error.message)
        }
      case "transitions":
        guard case .object(let named) = member.value.kind else {
          throw problem(
            member.value.offset,
            "expected an object of named transitions, found \(found(member.value))")
        }
        transitions = named
        transitionsOffset = member.value.offset
      default:
        throw problem(
          member.keyOffset,
          "expected 'version' or 'transitions', found \(JSONProblem.quoted(member.key))")
      }
    }
    guard version != nil else {
      throw problem(root.offset, "expected a 'version' member, found none")
    }
    guard let transitions else {
      throw problem(root.offset, "expected a 'transitions' member, found none")
    }
    guard !transitions.isEmpty else {
      throw problem(transitionsOffset, "expected at least one transition, found none")
    }
    var declarations: [(declaration: TransitionDeclaration, offset: Int)] = []
    for (index, member) in transitions.enumerated() {
      guard index < Self.maximumTransitions else {
        throw problem(
          member.keyOffset,
          "expected at most \(Self.maximumTransitions) transitions, found \(transitions.count)")
      }
      let name = member.key
      guard TransitionCatalog.isValidName(name) else {
        throw problem(
          member.keyOffset,
          "expected a transition name of ASCII letters, digits and '-' starting with a letter,"
            + " found \(JSONProblem.quoted(name))")
      }
      guard !declarations.contains(where: { $0.declaration.name == name }) else {
        throw problem(
          member.keyOffset, "expected each transition once, found \(JSONProblem.quoted(name)) again"
        )
      }
      guard !isTaken(name) else {
        throw problem(
          member.keyOffset,
          "expected a name no other transition has, found \(JSONProblem.quoted(name))")
      }
      declarations.append((try declaration(named: name, member.value), member.keyOffset))
    }
    return declarations
  }

  // MARK: - Declarations

  private static let plainKeys = [
    "summary", "source", "axis", "stops", "start", "rule", "parameters", "decideAt", "rubberBand",
    "drag", "settle", "sources", "alternatives",
  ]
  private static let presetKeys = [
    "preset", "summary", "source", "parameters", "sources", "alternatives",
  ]

  private func declaration(named name: String, _ value: JSONValue)
    throws(TransitionDeclarationError)
    -> TransitionDeclaration
  {
    guard case .object(let members) = value.kind else {
      throw problem(value.offset, "expected a declaration object, found \(found(value))")
    }
    var byKey: [String: JSONValue.Member] = [:]
    let isPreset = allowsPresets && members.contains { $0.key == "preset" }
    let keys = isPreset ? Self.presetKeys : Self.plainKeys
    for member in members {
      guard keys.contains(member.key) else {
        throw problem(
          member.keyOffset,
          "expected one of \(keys.joined(separator: ", ")), found \(JSONProblem.quoted(member.key))"
        )
      }
      guard byKey[member.key] == nil else {
        throw problem(
          member.keyOffset, "expected each key once, found \(JSONProblem.quoted(member.key)) again")
      }
      byKey[member.key] = member
    }
    var declaration: TransitionDeclaration
    if isPreset, let preset = byKey["preset"] {
      declaration = try presetDeclaration(preset.value)
      declaration.name = name
    } else {
      declaration = try plainDeclaration(named: name, byKey, at: value.offset)
    }
    if let summary = byKey["summary"] { declaration.summary = try string(summary.value) }
    if let source = byKey["source"] { declaration.source = try string(source.value) }
    if let parameters = byKey["parameters"] {
      try applyParameters(parameters.value, to: &declaration, isPreset: isPreset)
    }
    if let sources = byKey["sources"] { try applySources(sources.value, to: &declaration) }
    if let alternatives = byKey["alternatives"] {
      try applyAlternatives(alternatives.value, to: &declaration)
    }
    return declaration
  }

  private func presetDeclaration(_ value: JSONValue) throws(TransitionDeclarationError)
    -> TransitionDeclaration
  {
    let names = TransitionPresets.declarations.map(\.name)
    guard case .string(let name) = value.kind,
      let preset = TransitionPresets.declarations.first(where: { $0.name == name })
    else {
      let expected =
        names.isEmpty ? "a preset (there are none)" : "one of " + names.joined(separator: ", ")
      throw problem(value.offset, "expected \(expected), found \(found(value))")
    }
    return preset
  }

  private func plainDeclaration(
    named name: String, _ byKey: [String: JSONValue.Member], at offset: Int
  ) throws(TransitionDeclarationError) -> TransitionDeclaration {
    guard let axisMember = byKey["axis"] else {
      throw problem(offset, "expected an 'axis' member, found none")
    }
    guard case .string(let axis) = axisMember.value.kind, axis == "x" || axis == "y" else {
      throw problem(
        axisMember.value.offset, "expected 'x' or 'y', found \(found(axisMember.value))")
    }
    guard let stopsMember = byKey["stops"] else {
      throw problem(offset, "expected a 'stops' member, found none")
    }
    let stops = try self.stops(stopsMember.value)
    var start = stops[0].name
    if let member = byKey["start"] {
      guard case .string(let word) = member.value.kind, stops.contains(where: { $0.name == word })
      else {
        let names = stops.map(\.name).joined(separator: ", ")
        throw problem(member.value.offset, "expected one of \(names), found \(found(member.value))")
      }
      start = word
    }
    var declaration = TransitionDeclaration(
      name: name,
      summary: "A view dragged between \(stops.count) stops along \(axis), declared in \(file).",
      source: file, axis: axis, stops: stops, start: start, rule: "projection")
    if let member = byKey["rule"] {
      let names = declaration.ruleNames
      guard case .string(let word) = member.value.kind, names.contains(word) else {
        throw problem(
          member.value.offset,
          "expected one of \(names.joined(separator: ", ")), found \(found(member.value))")
      }
      declaration.rule = word
    }
    if let member = byKey["decideAt"] {
      guard !declaration.isMultiStop else {
        throw problem(
          member.keyOffset, "expected 'decideAt' only with two stops, found \(stops.count) stops")
      }
      declaration.decideAt = try number(
        member.value, in: TransitionDeclaration.distanceRange, "a distance in points")
    }
    if let member = byKey["rubberBand"] {
      guard case .bool(let flag) = member.value.kind else {
        throw problem(member.value.offset, "expected true or false, found \(found(member.value))")
      }
      declaration.rubberBand = flag
    }
    if let member = byKey["drag"] {
      let names = TransitionDeclaration.Drag.allCases.map(\.rawValue)
      guard case .string(let word) = member.value.kind,
        let drag = TransitionDeclaration.Drag(rawValue: word)
      else {
        throw problem(
          member.value.offset,
          "expected one of \(names.joined(separator: ", ")), found \(found(member.value))")
      }
      guard drag == .follow || !declaration.rubberBand else {
        throw problem(
          member.value.offset,
          "expected 'follow' with 'rubberBand' true, found \(JSONProblem.quoted(word))")
      }
      declaration.drag = drag
    }
    if let member = byKey["settle"] { declaration.settle = try settle(member.value) }
    return declaration
  }

  private func stops(_ value: JSONValue) throws(TransitionDeclarationError)
    -> [TransitionTrack.Stop]
  {
    guard case .object(let members) = value.kind else {
      throw problem(
        value.offset,
        "expected an object of stop positions such as {\"open\": 0, \"closed\": 520}, found \(found(value))"
      )
    }
    var stops: [TransitionTrack.Stop] = []
    for (index, member) in members.enumerated() {
      let name = member.key
      guard index < Self.maximumStops else {
        throw problem(
          member.keyOffset, "expected at most \(Self.maximumStops) stops, found \(members.count)")
      }
      guard TransitionOutcome.isStopName(name) else {
        throw problem(
          member.keyOffset,
          "expected a stop name of at most 10 ASCII letters, digits, '-' and '_' starting with"
            + " a letter (not complete or cancel), found \(JSONProblem.quoted(name))")
      }
      guard !TransitionDeclaration.reservedNames.contains(name) else {
        throw problem(
          member.keyOffset,
          "expected a stop name no parameter has, found \(JSONProblem.quoted(name))")
      }
      guard !stops.contains(where: { $0.name == name }) else {
        throw problem(
          member.keyOffset, "expected each stop once, found \(JSONProblem.quoted(name)) again")
      }
      let position = try number(
        member.value, in: TransitionDeclaration.positionRange, "a position in points")
      if let other = stops.first(where: { $0.position == position }) {
        throw problem(
          member.value.offset,
          "expected a position no other stop has, found \(position.shortestDescription),"
            + " the position of \(JSONProblem.quoted(other.name))")
      }
      stops.append(.init(name, position))
    }
    guard stops.count >= 2 else {
      throw problem(value.offset, "expected at least two stops, found \(stops.count)")
    }
    return stops
  }

  private func settle(_ value: JSONValue) throws(TransitionDeclarationError)
    -> TransitionDeclaration.Settle
  {
    let shapes =
      "a spring (response, dampingRatio), a UIKit spring (duration, dampingRatio),"
      + " a curve (duration, curve, percentDriven) or a library's (library)"
    guard case .object(let members) = value.kind, !members.isEmpty else {
      throw problem(value.offset, "expected \(shapes), found \(found(value))")
    }
    var response: Double?
    var dampingRatio: Double?
    var duration: Double?
    var curve: String?
    var library: String?
    var percentDriven: Bool?
    var seen: [String] = []
    for member in members {
      guard !seen.contains(member.key) else {
        throw problem(
          member.keyOffset, "expected each key once, found \(JSONProblem.quoted(member.key)) again")
      }
      switch member.key {
      case "response":
        response = try number(member.value, in: 0.001...60, "a response in seconds")
      case "dampingRatio":
        dampingRatio = try number(member.value, in: 0.01...10, "a damping ratio")
      case "duration":
        duration = try number(member.value, in: 0...60, "a duration in seconds")
      case "curve":
        let names = TransitionDeclaration.curves.map(\.name)
        guard case .string(let word) = member.value.kind, names.contains(word) else {
          throw problem(
            member.value.offset,
            "expected one of \(names.joined(separator: ", ")), found \(found(member.value))")
        }
        curve = word
      case "percentDriven":
        guard case .bool(let flag) = member.value.kind else {
          throw problem(member.value.offset, "expected true or false, found \(found(member.value))")
        }
        percentDriven = flag
      case "library":
        guard case .string(let word) = member.value.kind, word == "floating-panel" else {
          throw problem(
            member.value.offset, "expected 'floating-panel', found \(found(member.value))")
        }
        library = word
      default:
        throw problem(
          member.keyOffset,
          "expected one of response, dampingRatio, duration, curve, percentDriven, library,"
            + " found \(JSONProblem.quoted(member.key))")
      }
      // NB: the keys of one shape only.
      let clash =
        (library != nil && !seen.isEmpty) || (response != nil && (duration != nil || curve != nil))
        || (curve != nil && dampingRatio != nil)
        || (percentDriven != nil && (response ?? dampingRatio ?? library.map { _ in 0 }) != nil)
      if clash {
        throw problem(
          member.keyOffset,
          "expected \(shapes), found \(JSONProblem.quoted(member.key))"
            + " with \(seen.map { JSONProblem.quoted($0) }.joined(separator: ", "))")
      }
      seen.append(member.key)
    }
    if library != nil { return .floatingPanel }
    if let duration, let dampingRatio {
      guard dampingRatio <= 1 else {
        let member = members.first { $0.key == "dampingRatio" }!
        throw problem(
          member.value.offset,
          "expected a damping ratio from 0.01 to 1 for a UIKit spring, found \(found(member.value))"
        )
      }
      return .uiKitSpring(duration: duration, dampingRatio: dampingRatio)
    }
    if response != nil || dampingRatio != nil {
      return .spring(response: response ?? 0.4, dampingRatio: dampingRatio ?? 1)
    }
    return .curve(
      duration: duration ?? 0.35, curve: curve ?? "easeInOut", percentDriven: percentDriven ?? false
    )
  }

  private func applyParameters(
    _ value: JSONValue, to declaration: inout TransitionDeclaration, isPreset: Bool
  ) throws(TransitionDeclarationError) {
    guard case .object(let members) = value.kind else {
      throw problem(value.offset, "expected an object of parameter defaults, found \(found(value))")
    }
    var seen: Set<String> = []
    for member in members {
      let name = member.key
      guard seen.insert(name).inserted else {
        throw problem(
          member.keyOffset, "expected each parameter once, found \(JSONProblem.quoted(name)) again")
      }
      let stopNames = declaration.stops.map(\.name)
      let settable =
        (declaration.parameters + (declaration.ruleParameters(named: declaration.rule) ?? []))
        .filter {
          isPreset
            ? $0.name != "rule"
            : !stopNames.contains($0.name) && $0.name != "start" && $0.name != "rule"
        }
      guard let parameter = settable.first(where: { $0.name == name }) else {
        let names = settable.map(\.name)
        let expected = names.isEmpty ? "no parameters" : "one of " + names.joined(separator: ", ")
        throw problem(member.keyOffset, "expected \(expected), found \(JSONProblem.quoted(name))")
      }
      let text: String
      switch member.value.kind {
      case .number: text = literal(member.value)
      case .string(let word): text = word
      default: text = ""
      }
      guard let parsed = parameter.value(parsing: text) else {
        throw problem(
          member.value.offset, "expected \(parameter.accepted), found \(found(member.value))")
      }
      switch parsed {
      case .number(let number):
        if let index = declaration.stops.firstIndex(where: { $0.name == name }) {
          if let other = declaration.stops.first(where: { $0.position == number && $0.name != name }
          ) {
            throw problem(
              member.value.offset,
              "expected a position no other stop has, found \(number.shortestDescription),"
                + " the position of \(JSONProblem.quoted(other.name))")
          }
          declaration.stops[index].position = number
        } else if case .integer = parameter.kind {
          declaration.defaults[name] = String(Int(number))
        } else {
          declaration.defaults[name] = number.shortestDescription
        }
      case .word(let word):
        if name == "start" { declaration.start = word } else { declaration.defaults[name] = word }
      }
    }
  }

  private func applySources(_ value: JSONValue, to declaration: inout TransitionDeclaration)
    throws(TransitionDeclarationError)
  {
    guard case .object(let members) = value.kind else {
      throw problem(value.offset, "expected an object of parameter sources, found \(found(value))")
    }
    let names =
      (declaration.parameters + (declaration.ruleParameters(named: declaration.rule) ?? [])).map(
        \.name)
    for member in members {
      guard names.contains(member.key) else {
        throw problem(
          member.keyOffset,
          "expected one of \(names.joined(separator: ", ")), found \(JSONProblem.quoted(member.key))"
        )
      }
      declaration.sources[member.key] = try string(member.value)
    }
  }

  private func applyAlternatives(
    _ value: JSONValue, to declaration: inout TransitionDeclaration
  ) throws(TransitionDeclarationError) {
    guard case .array(let items) = value.kind, items.count <= Self.maximumAlternatives else {
      throw problem(
        value.offset,
        "expected an array of at most \(Self.maximumAlternatives) variant settings such as"
          + " [\"rule=nearest\"], found \(found(value))")
    }
    let catalog: TransitionCatalog
    do throws(VariantError) {
      catalog = try TransitionCatalog([declaration.family])
    } catch {
      throw problem(value.offset, error.description)
    }
    var settings: [String] = []
    for item in items {
      guard case .string(let setting) = item.kind, !setting.isEmpty else {
        throw problem(
          item.offset, "expected a variant setting such as 'rule=nearest', found \(found(item))")
      }
      do throws(VariantError) {
        _ = try Variant(parsing: declaration.name + ":" + setting, in: catalog)
      } catch {
        throw problem(
          item.offset,
          "expected a valid variant setting, found \(JSONProblem.quoted(setting)): \(error.reason)")
      }
      settings.append(setting)
    }
    declaration.alternatives = settings
  }

  // MARK: - Values

  private func parse() throws(TransitionDeclarationError) -> JSONValue {
    let parsed = bytes.withUnsafeBufferPointer { buffer -> Result<JSONValue, JSONProblem> in
      var parser = JSONParser(buffer)
      parser.objectName = "transitions object"
      parser.endName = "the end of the file"
      do throws(JSONProblem) {
        return .success(try parser.parseObjectLine())
      } catch {
        return .failure(error)
      }
    }
    switch parsed {
    case .success(let value): return value
    case .failure(let failure): throw problem(failure.offset, failure.message)
    }
  }

  private func number(_ value: JSONValue, in range: ClosedRange<Double>, _ what: String)
    throws(TransitionDeclarationError) -> Double
  {
    let bounds =
      "from \(range.lowerBound.shortestDescription) to \(range.upperBound.shortestDescription)"
    guard case .number = value.kind, let number = DecimalLiteral.parseDouble(literal(value)),
      range.contains(number)
    else {
      throw problem(value.offset, "expected \(what) \(bounds), found \(found(value))")
    }
    return number
  }

  private func string(_ value: JSONValue) throws(TransitionDeclarationError) -> String {
    guard case .string(let text) = value.kind else {
      throw problem(value.offset, "expected a string, found \(found(value))")
    }
    return text
  }

  /// The value's text as written, for numbers.
  private func literal(_ value: JSONValue) -> String {
    let range = value.range.clamped(to: 0..<bytes.count)
    return String(decoding: bytes[range], as: UTF8.self)
  }

  /// The value for a message: a string's contents, else its text, quoted.
  private func found(_ value: JSONValue) -> String {
    if case .string(let text) = value.kind { return JSONProblem.quoted(text) }
    let range = value.range.clamped(to: 0..<bytes.count)
    return JSONProblem.quoted(String(decoding: bytes[range].prefix(200), as: UTF8.self))
  }

  /// An error at a byte offset, with its line and column in characters.
  private func problem(_ offset: Int, _ message: String) -> TransitionDeclarationError {
    let line = lineStarts.lastIndex { $0 <= offset } ?? 0
    let start = lineStarts[line]
    let end = min(max(offset, start), bytes.count)
    let column = String(decoding: bytes[start..<end], as: UTF8.self).count + 1
    return TransitionDeclarationError(file: file, line: line + 1, column: column, message: message)
  }
}
