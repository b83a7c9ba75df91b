/// Reads a trace out of the parsed JSON object of one line.
///
/// It checks the keys, types and values of the trace object and its events
/// and applies the validity rules with ``TraceValidator``. Keys it does not
/// know are ignored at every level.
struct JSONLinesTraceReader {
  /// The bytes of the line, for the literals of numbers and for messages.
  let line: UnsafeBufferPointer<UInt8>

  /// The trace object's known keys, in the order of ``TraceFields/members``.
  static let traceKeys = ["id", "meta", "events"]
  /// An event object's known keys, in the order the reader looks them up.
  static let eventKeys = ["t", "phase", "tx", "ty", "vx", "vy", "x", "y"]

  /// The members of the trace object for its known keys.
  struct TraceFields {
    /// Where the trace object starts.
    var offset: Int
    /// `id`, `meta` and `events`, where present.
    var members: [JSONValue.Member?]
  }

  /// Finds the known keys of the trace object.
  func traceFields(of value: JSONValue) throws(JSONProblem) -> TraceFields {
    guard case .object(let members) = value.kind else {
      throw JSONProblem(
        offset: value.offset, message: "expected a trace object, found \(found(value))")
    }
    return TraceFields(
      offset: value.offset,
      members: try fields(of: members, keys: JSONLinesTraceReader.traceKeys, in: "the trace object")
    )
  }

  /// The trace's id and where its value starts.
  func id(from fields: TraceFields) throws(JSONProblem) -> (id: String, offset: Int) {
    let member = try required(
      fields.members[0], key: "id", in: "the trace object", at: fields.offset)
    guard case .string(let id) = member.value.kind else {
      throw mismatch(member, expected: "a string")
    }
    guard Trace.isValidID(id) else {
      let violation = TraceViolation(
        kind: .invalidID, eventIndex: nil, found: JSONProblem.quoted(id))
      throw JSONProblem(offset: member.value.offset, message: violation.description)
    }
    return (id, member.value.offset)
  }

  /// The trace, once its id has been read and accepted.
  func trace(id: String, from fields: TraceFields) throws(JSONProblem) -> Trace {
    let metadata = try metadata(from: fields.members[1])
    let member = try required(
      fields.members[2], key: "events", in: "the trace object", at: fields.offset)
    guard case .array(let elements) = member.value.kind else {
      throw mismatch(member, expected: "an array")
    }
    var validator = TraceValidator()
    var events: [PanEvent] = []
    events.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      let event = try event(from: element)
      if let violation = validator.check(event, at: index) {
        throw JSONProblem(offset: element.offset, message: violation.description)
      }
      events.append(event)
    }
    if let violation = validator.finish() {
      let offset = violation.eventIndex.map { elements[$0].offset } ?? member.value.offset
      throw JSONProblem(offset: offset, message: violation.description)
    }
    return Trace(id: id, events: events, metadata: metadata)
  }

  // MARK: - Metadata

  private func metadata(from member: JSONValue.Member?) throws(JSONProblem) -> TraceMetadata {
    var metadata = TraceMetadata()
    guard let member else { return metadata }
    guard case .object(let entries) = member.value.kind else {
      throw mismatch(member, expected: "an object")
    }
    var keys: Set<String> = []
    for entry in entries {
      guard TraceMetadata.isValidKey(entry.key) else {
        throw JSONProblem(
          offset: entry.keyOffset,
          message: "expected a metadata key of ASCII letters, digits, '-', '_' or '.', found "
            + JSONProblem.quoted(entry.key))
      }
      guard keys.insert(entry.key).inserted else {
        throw JSONProblem(
          offset: entry.keyOffset,
          message: "expected one key '\(entry.key)' in 'meta', found a second one")
      }
      switch entry.value.kind {
      case .string(let value):
        guard TraceMetadata.isValidValue(value) else {
          throw JSONProblem(
            offset: entry.value.offset,
            message: "expected a metadata value on one line without leading or trailing"
              + " spaces, found \(JSONProblem.quoted(value))")
        }
        metadata[entry.key] = value
      case .number, .bool:
        metadata[entry.key] = String(decoding: bytes(of: entry.value), as: UTF8.self)
      case .null:
        continue
      case .array, .object:
        throw JSONProblem(
          offset: entry.value.offset,
          message: "expected a string, number, boolean or null for '\(entry.key)' in 'meta',"
            + " found \(found(entry.value))")
      }
    }
    return metadata
  }

  // MARK: - Events

  private func event(from value: JSONValue) throws(JSONProblem) -> PanEvent {
    guard case .object(let members) = value.kind else {
      throw JSONProblem(
        offset: value.offset, message: "expected an event object, found \(found(value))")
    }
    let fields = try fields(
      of: members, keys: JSONLinesTraceReader.eventKeys, in: "the event object")
    let place = "the event object"
    let timeMember = try required(fields[0], key: "t", in: place, at: value.offset)
    guard case .number = timeMember.value.kind else {
      throw mismatch(timeMember, expected: "a number")
    }
    guard let time = DecimalLiteral(bytes(of: timeMember.value))?.nanoseconds() else {
      throw JSONProblem(
        offset: timeMember.value.offset,
        message:
          "expected a time within \(TraceTime.rangeText) for 't', found \(found(timeMember.value))"
      )
    }
    let phaseMember = try required(fields[1], key: "phase", in: place, at: value.offset)
    let phase: TouchPhase
    if case .string(let name) = phaseMember.value.kind {
      guard let named = TouchPhase(fileName: name) else {
        throw JSONProblem(
          offset: phaseMember.value.offset, message: phaseProblem(JSONProblem.quoted(name)))
      }
      phase = named
    } else {
      throw JSONProblem(
        offset: phaseMember.value.offset, message: phaseProblem(found(phaseMember.value)))
    }
    return PanEvent(
      time: time, phase: phase,
      translation: try vector(fields[2], fields[3], keys: ("tx", "ty"), at: value.offset),
      velocity: try optionalVector(fields[4], fields[5], keys: ("vx", "vy"), at: value.offset),
      location: try optionalVector(fields[6], fields[7], keys: ("x", "y"), at: value.offset))
  }

  private func phaseProblem(_ found: String) -> String {
    "expected a phase ('began', 'changed', 'ended' or 'cancelled'), found \(found)"
  }

  /// A vector from two number members that must both be present.
  private func vector(
    _ xMember: JSONValue.Member?, _ yMember: JSONValue.Member?,
    keys: (x: String, y: String), at offset: Int
  ) throws(JSONProblem) -> Vector2D {
    let x = try required(xMember, key: keys.x, in: "the event object", at: offset)
    let y = try required(yMember, key: keys.y, in: "the event object", at: offset)
    return Vector2D(x: try number(x), y: try number(y))
  }

  /// A vector from two number members that are both present or both absent.
  private func optionalVector(
    _ xMember: JSONValue.Member?, _ yMember: JSONValue.Member?,
    keys: (x: String, y: String), at offset: Int
  ) throws(JSONProblem) -> Vector2D? {
    if xMember == nil, yMember == nil { return nil }
    return try vector(xMember, yMember, keys: keys, at: offset)
  }

  private func number(_ member: JSONValue.Member) throws(JSONProblem) -> Double {
    guard case .number = member.value.kind else {
      throw mismatch(member, expected: "a number")
    }
    let literal = bytes(of: member.value)
    let value = DecimalLiteral(literal)?.double(literal) ?? .nan
    guard value.isFinite else {
      throw JSONProblem(
        offset: member.value.offset,
        message: "expected a finite number for '\(member.key)', found \(found(member.value))")
    }
    return value
  }

  // MARK: - Keys

  /// The members for the given keys, in the keys' order; other keys are
  /// ignored, and a known key given twice is a problem.
  private func fields(
    of members: [JSONValue.Member], keys: [String], in place: String
  ) throws(JSONProblem) -> [JSONValue.Member?] {
    var result = [JSONValue.Member?](repeating: nil, count: keys.count)
    for member in members {
      guard let position = keys.firstIndex(of: member.key) else { continue }
      guard result[position] == nil else {
        throw JSONProblem(
          offset: member.keyOffset,
          message: "expected one key '\(member.key)' in \(place), found a second one")
      }
      result[position] = member
    }
    return result
  }

  private func required(
    _ member: JSONValue.Member?, key: String, in place: String, at offset: Int
  ) throws(JSONProblem) -> JSONValue.Member {
    guard let member else {
      throw JSONProblem(offset: offset, message: "expected a key '\(key)' in \(place), found none")
    }
    return member
  }

  // MARK: - Text

  private func bytes(of value: JSONValue) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: line[value.range])
  }

  /// The problem of a member whose value is not `kind`: "expected a
  /// number for 't', found …".
  private func mismatch(_ member: JSONValue.Member, expected kind: String) -> JSONProblem {
    JSONProblem(
      offset: member.value.offset,
      message: "expected \(kind) for '\(member.key)', found \(found(member.value))")
  }

  /// A value's text as written, quoted and cut for a message.
  private func found(_ value: JSONValue) -> String {
    JSONProblem.quoted(bytes: bytes(of: value))
  }
}
