/// What is known about a trace besides its events: where it came from, its
/// units, the view it was recorded in, and free key/value tags.
///
/// Metadata is a set of string keys with string values. The well-known keys
/// have typed accessors; every other key is a tag. Keys are made of ASCII
/// letters, digits, `-`, `_` and `.`; values are single-line text.
///
/// | key | accessor | example |
/// |---|---|---|
/// | `source` | ``source`` | `synth`, `terminal`, `getevent` |
/// | `device` | ``device`` | `Pixel 4` |
/// | `recorded` | ``recorded`` | `2026-11-21T10:00:00Z` |
/// | `units` | ``units`` | `pt` |
/// | `scale` | ``scale`` | `3` (pixels per point) |
/// | `view` | ``viewSize`` | `390x844` (points) |
/// | `intent` | ``intent``, ``intendedStop`` | `complete` or `cancel`; a stop's name, such as `full` |
/// | `target` | ``target`` | `player-sheet`: the transition the gesture was made for |
public struct TraceMetadata: Sendable, Hashable, Codable {
  // NB: a trace has a few entries, set once per metadata line of files
  // of millions of traces; comparing a key with a few others costs less
  // than hashing it, so they are a list in the order set. Past
  // `indexedCount` entries an index finds them instead.
  private var list: [Entry] = []
  private var index: [String: Int]?
  private static let indexedCount = 16

  private struct Entry: Sendable {
    var key: String
    var value: String
  }

  /// Every entry, keyed by name.
  public var entries: [String: String] {
    Dictionary(uniqueKeysWithValues: list.lazy.map { ($0.key, $0.value) })
  }

  /// Creates empty metadata.
  public init() {}

  /// The keys, in the order set: those of ``entries`` without making a
  /// dictionary.
  package var keys: [String] { list.map(\.key) }

  /// The keys with typed accessors, in the order files list them.
  public static let wellKnownKeys = [
    "source", "device", "recorded", "units", "scale", "view", "intent", "target",
  ]

  /// The value for a key, or `nil`; setting `nil` removes the key.
  public subscript(key: String) -> String? {
    get { position(of: key).map { list[$0].value } }
    set {
      switch (position(of: key), newValue) {
      case (let position?, let value?):
        list[position].value = value
      case (let position?, nil):
        list.remove(at: position)
        if index != nil { makeIndex() }
      case (nil, let value?):
        list.append(Entry(key: key, value: value))
        if index != nil {
          index![key] = list.count - 1
        } else if list.count > Self.indexedCount {
          makeIndex()
        }
      case (nil, nil):
        break
      }
    }
  }

  private func position(of key: String) -> Int? {
    if let index { return index[key] }
    return list.firstIndex { $0.key == key }
  }

  private mutating func makeIndex() {
    index = nil
    guard list.count > Self.indexedCount else { return }
    var made: [String: Int] = [:]
    for (position, entry) in list.enumerated() { made[entry.key] = position }
    index = made
  }

  /// Adds an entry for a key it does not have; the caller knows.
  // NB: skips the comparisons of the subscript's setter with every key.
  mutating func append(newKey key: String, value: String) {
    guard index == nil, list.count < Self.indexedCount else {
      self[key] = value
      return
    }
    list.append(Entry(key: key, value: value))
  }

  /// Makes room for `count` entries.
  mutating func reserveCapacity(_ count: Int) {
    list.reserveCapacity(count)
  }

  /// Whether there are no entries.
  public var isEmpty: Bool { list.isEmpty }

  /// The number of entries.
  var count: Int { list.count }

  /// The entries in the canonical order files use: the well-known keys in
  /// the order of ``wellKnownKeys``, then the others sorted by key.
  public var orderedEntries: [(key: String, value: String)] {
    var result: [(key: String, value: String)] = []
    for key in TraceMetadata.wellKnownKeys {
      if let value = self[key] { result.append((key, value)) }
    }
    let others = list.filter { !TraceMetadata.wellKnownKeys.contains($0.key) }
    for entry in others.sorted(by: { $0.key < $1.key }) {
      result.append((entry.key, entry.value))
    }
    return result
  }

  /// Whether both have the same keys with the same values.
  public static func == (lhs: TraceMetadata, rhs: TraceMetadata) -> Bool {
    lhs.list.count == rhs.list.count && lhs.list.allSatisfy { rhs[$0.key] == $0.value }
  }

  /// Hashes the entries, whatever the order they were set in.
  public func hash(into hasher: inout Hasher) {
    var combined = 0
    for entry in list {
      var one = Hasher()
      one.combine(entry.key)
      one.combine(entry.value)
      combined ^= one.finalize()
    }
    hasher.combine(list.count)
    hasher.combine(combined)
  }

  private enum CodingKeys: String, CodingKey {
    case entries
  }

  /// Reads metadata encoded as ``encode(to:)`` writes it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    for (key, value) in try container.decode([String: String].self, forKey: .entries) {
      self[key] = value
    }
  }

  /// Writes the entries as one keyed object under `entries`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(entries, forKey: .entries)
  }

  /// Where the trace came from, such as `synth` or `terminal`.
  public var source: String? {
    get { self["source"] }
    set { self["source"] = newValue }
  }

  /// The device it was recorded on.
  public var device: String? {
    get { self["device"] }
    set { self["device"] = newValue }
  }

  /// When it was recorded, as ISO 8601 text.
  public var recorded: String? {
    get { self["recorded"] }
    set { self["recorded"] = newValue }
  }

  /// The length unit of translations and locations; `pt` when absent.
  public var units: String? {
    get { self["units"] }
    set { self["units"] = newValue }
  }

  /// The recording's pixels per point, when known.
  public var scale: Double? {
    get { self["scale"].flatMap { DecimalLiteral.parseDouble($0) } }
    set { self["scale"] = newValue?.shortestDescription }
  }

  /// The size of the recording view in points, written `WIDTHxHEIGHT`.
  public var viewSize: Vector2D? {
    get {
      guard let text = self["view"] else { return nil }
      let parts = text.split(separator: "x")
      guard parts.count == 2, let width = Double(parts[0]),
        let height = Double(parts[1]), width.isFinite, height.isFinite
      else { return nil }
      return Vector2D(x: width, y: height)
    }
    set {
      self["view"] = newValue.map {
        "\($0.x.shortestDescription)x\($0.y.shortestDescription)"
      }
    }
  }

  /// What the person meant, when labelled.
  public var intent: TraceIntent? {
    // NB: compared with each name rather than through `init(rawValue:)`,
    // whose generic string switch is slow on this per-trace path
    // (docs/performance.md, "Notes moved from the code").
    get {
      switch self["intent"] {
      case TraceIntent.complete.rawValue?: return .complete
      case TraceIntent.cancel.rawValue?: return .cancel
      default: return nil
      }
    }
    set { self["intent"] = newValue?.rawValue }
  }

  /// The stop the person meant the view to settle on, when the `intent`
  /// label names one (``TransitionOutcome/isStopName(_:)``): the label of a
  /// gesture made at a transition with more than two stops.
  public var intendedStop: String? {
    get {
      guard let label = self["intent"], TransitionOutcome.isStopName(label) else { return nil }
      return label
    }
    set { self["intent"] = newValue }
  }

  /// The name of the transition the gesture was made for (a transition's
  /// name, such as `player-sheet`), when known. Its ``intent`` is relative
  /// to that transition: `analyze` scores a variant only on labelled traces
  /// meant for its transition and on those with no target.
  public var target: String? {
    get { self["target"] }
    set { self["target"] = newValue }
  }

  /// The entries that are not well-known keys.
  public var tags: [String: String] {
    entries.filter { !TraceMetadata.wellKnownKeys.contains($0.key) }
  }

  /// Returns these entries with another set's entries laid over them.
  public func merging(_ other: TraceMetadata) -> TraceMetadata {
    if list.isEmpty { return other }
    if other.list.isEmpty { return self }
    var result = self
    for entry in other.list { result[entry.key] = entry.value }
    return result
  }

  /// Whether a string can be a metadata key.
  public static func isValidKey(_ key: some StringProtocol) -> Bool {
    !key.isEmpty
      && key.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
          || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
          || byte == 0x2E
      }
  }

  /// Whether a string can be a metadata value: no line breaks or other
  /// control characters, no leading or trailing spaces.
  public static func isValidValue(_ value: some StringProtocol) -> Bool {
    // NB: C1 controls (U+0085 is a line break) and the Unicode line and
    // paragraph separators would make a value span lines in some readers.
    value.unicodeScalars.allSatisfy {
      $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) && $0.value != 0x2028
        && $0.value != 0x2029
    }
      && value.first != " " && value.last != " "
  }
}
