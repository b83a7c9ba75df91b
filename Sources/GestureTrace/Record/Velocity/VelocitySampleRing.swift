/// A fixed-size ring of the most recent pointer samples, oldest first.
///
/// The storage is allocated once, when the ring is created; appending,
/// replacing and dropping samples never allocates.
struct VelocitySampleRing: Sendable {
  /// One stored sample: a time in nanoseconds and a position.
  struct Entry: Sendable, Hashable {
    /// When the sample was taken, in nanoseconds.
    var time: Int64
    /// Where the pointer was.
    var position: Vector2D
  }

  /// How many samples the ring keeps: 20, as in Android and Flutter.
  static let capacity = 20

  private var storage: [Entry]
  private var start = 0
  /// The number of stored samples, at most ``capacity``.
  private(set) var count = 0

  /// Creates an empty ring.
  init() {
    storage = Array(
      repeating: Entry(time: 0, position: .zero), count: VelocitySampleRing.capacity)
  }

  /// Whether no sample is stored.
  var isEmpty: Bool { count == 0 }

  /// The sample at `index`, counted from the oldest stored one.
  subscript(index: Int) -> Entry {
    storage[(start + index) % VelocitySampleRing.capacity]
  }

  /// The newest stored sample, if any.
  var newest: Entry? { count == 0 ? nil : self[count - 1] }

  /// Adds a sample as the newest one, overwriting the oldest when full.
  mutating func append(_ entry: Entry) {
    let capacity = VelocitySampleRing.capacity
    if count == capacity {
      storage[start] = entry
      start = (start + 1) % capacity
    } else {
      storage[(start + count) % capacity] = entry
      count += 1
    }
  }

  /// Replaces the newest sample; appends when the ring is empty.
  mutating func replaceNewest(with entry: Entry) {
    if count == 0 {
      append(entry)
    } else {
      storage[(start + count - 1) % VelocitySampleRing.capacity] = entry
    }
  }

  /// Drops the oldest sample; does nothing when the ring is empty.
  mutating func removeOldest() {
    guard count > 0 else { return }
    start = (start + 1) % VelocitySampleRing.capacity
    count -= 1
  }

  /// Drops every sample, keeping the storage.
  mutating func removeAll() {
    start = 0
    count = 0
  }

  /// The time from `earlier` to `later` in nanoseconds, saturating instead of
  /// overflowing for times far apart.
  static func nanoseconds(from earlier: Int64, to later: Int64) -> Int64 {
    let (difference, overflow) = later.subtractingReportingOverflow(earlier)
    if overflow { return later > earlier ? .max : .min }
    return difference
  }
}
