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
/// | `intent` | ``intent`` | `complete` or `cancel` |
public struct TraceMetadata: Sendable, Hashable, Codable {
  /// Every entry, keyed by name.
  public private(set) var entries: [String: String] = [:]

  /// Creates empty metadata.
  public init() {}

  /// The keys with typed accessors, in the order files list them.
  public static let wellKnownKeys = [
    "source", "device", "recorded", "units", "scale", "view", "intent",
  ]

  /// The value for a key, or `nil`; setting `nil` removes the key.
  public subscript(key: String) -> String? {
    get { entries[key] }
    set { entries[key] = newValue }
  }

  /// Makes room for `count` entries.
  mutating func reserveCapacity(_ count: Int) {
    entries.reserveCapacity(count)
  }

  /// Whether there are no entries.
  public var isEmpty: Bool { entries.isEmpty }

  /// The entries in the canonical order files use: the well-known keys in
  /// the order of ``wellKnownKeys``, then the others sorted by key.
  public var orderedEntries: [(key: String, value: String)] {
    var result: [(key: String, value: String)] = []
    for key in TraceMetadata.wellKnownKeys {
      if let value = entries[key] { result.append((key, value)) }
    }
    let others = entries.keys.filter { !TraceMetadata.wellKnownKeys.contains($0) }
    for key in others.sorted() {
      result.append((key, entries[key]!))
    }
    return result
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
    get { self["scale"].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil } }
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
    get { self["intent"].flatMap(TraceIntent.init(rawValue:)) }
    set { self["intent"] = newValue?.rawValue }
  }

  /// The entries that are not well-known keys.
  public var tags: [String: String] {
    entries.filter { !TraceMetadata.wellKnownKeys.contains($0.key) }
  }

  /// Returns these entries with another set's entries laid over them.
  public func merging(_ other: TraceMetadata) -> TraceMetadata {
    if entries.isEmpty { return other }
    if other.entries.isEmpty { return self }
    var result = self
    result.entries.merge(other.entries) { _, new in new }
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
    value.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
      && value.first != " " && value.last != " "
  }
}
