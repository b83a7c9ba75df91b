/// The optional columns a CSV trace file has.
public struct CSVColumns: Sendable, Hashable {
  /// Whether the file has `vx` and `vy` columns.
  public var velocity: Bool
  /// Whether the file has `x` and `y` columns.
  public var location: Bool

  /// Creates a column set.
  public init(velocity: Bool, location: Bool) {
    self.velocity = velocity
    self.location = location
  }

  /// The columns that hold everything in the given traces.
  public init(fitting traces: some Sequence<Trace>) {
    var velocity = false
    var location = false
    for trace in traces {
      for event in trace.events {
        velocity = velocity || event.velocity != nil
        location = location || event.location != nil
      }
    }
    self.init(velocity: velocity, location: location)
  }
}

/// Where each known column is in a CSV trace file's rows.
struct CSVLayout {
  var fieldCount: Int
  var trace: Int
  var t: Int
  var phase: Int
  /// The columns of tx, ty, vx, vy, x and y, in that order.
  var numberColumns: [(index: Int, name: String)?]

  /// What each field of a row holds, in order: ``Role`` values.
  var roles: [UInt8] {
    var roles = [UInt8](repeating: Role.ignored, count: fieldCount)
    roles[trace] = Role.id
    roles[t] = Role.time
    roles[phase] = Role.phase
    for (slot, column) in numberColumns.enumerated() {
      if let column { roles[column.index] = Role.number + UInt8(slot) }
    }
    return roles
  }

  /// The codes of ``roles``.
  enum Role {
    static let ignored: UInt8 = 0
    static let id: UInt8 = 1
    static let time: UInt8 = 2
    static let phase: UInt8 = 3
    /// tx, ty, vx, vy, x, y: this plus the index in ``numberColumns``.
    static let number: UInt8 = 4
  }

  var columns: CSVColumns {
    CSVColumns(velocity: numberColumns[2] != nil, location: numberColumns[4] != nil)
  }

  static let required = ["trace", "t", "phase", "tx", "ty"]
  static let numberNames = ["tx", "ty", "vx", "vy", "x", "y"]

  /// Reads a header line.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, splitter: inout CSVFieldSplitter
  ) -> Result<CSVLayout, CSVHeaderFailure> {
    if let failure = splitter.split(bytes) {
      return .failure(CSVHeaderFailure(column: failure.column, message: failure.message))
    }
    var positions: [String: Int] = [:]
    var names: [String] = []
    for field in 0..<splitter.count {
      let name = splitter.string(field, in: bytes).trimmingSpaces
      names.append(name)
      if positions[name] != nil {
        return .failure(
          CSVHeaderFailure(
            column: splitter.start(field) + 1,
            message:
              "expected each column once in the header, found '\(name.truncatedForMessage)' again"))
      }
      positions[name] = field
    }
    let found = String(decoding: bytes, as: UTF8.self).truncatedForMessage
    for name in required where positions[name] == nil {
      return .failure(
        CSVHeaderFailure(
          column: 1,
          message: "expected a header with the columns trace, t, phase, tx and ty; "
            + "column '\(name)' is missing in '\(found)'"))
    }
    for pair in [("vx", "vy"), ("x", "y")]
    where (positions[pair.0] == nil) != (positions[pair.1] == nil) {
      let present = positions[pair.0] == nil ? pair.1 : pair.0
      let missing = positions[pair.0] == nil ? pair.0 : pair.1
      return .failure(
        CSVHeaderFailure(
          column: splitter.start(positions[present]!) + 1,
          message: "expected column '\(missing)' with column '\(present)', found only '\(present)'")
      )
    }
    return .success(
      CSVLayout(
        fieldCount: splitter.count, trace: positions["trace"]!, t: positions["t"]!,
        phase: positions["phase"]!,
        numberColumns: numberNames.map { name in positions[name].map { ($0, name) } }))
  }
}

/// Why a header line cannot be read.
struct CSVHeaderFailure: Error {
  var column: Int
  var message: String
}

extension String {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
