/// When up to two thresholds were first crossed and the largest value each
/// threshold's property reached, kept in fields rather than arrays.
struct ThresholdWatch: ReplayObserver {
  /// The most thresholds kept in fields.
  static let capacity = 2

  private let count: Int
  /// The property indices (-1: not watched) and the values.
  private let column0: Int
  private let column1: Int
  private let value0: Double
  private let value1: Double
  private var crossing0: TraceTime?
  private var crossing1: TraceTime?
  private var peak0 = -Double.infinity
  private var peak1 = -Double.infinity

  /// A watch for `thresholds`, whose properties have indices `columns`
  /// (-1: none); `nil` when there are more than ``capacity``.
  init?(_ thresholds: [Threshold], columns: [Int]) {
    count = thresholds.count
    guard count <= Self.capacity else { return nil }
    column0 = count > 0 ? columns[0] : -1
    column1 = count > 1 ? columns[1] : -1
    value0 = count > 0 ? thresholds[0].value : 0
    value1 = count > 1 ? thresholds[1].value : 0
  }

  /// Reads the watched properties after an event at `time`.
  @inline(__always)
  mutating func observe<T: Transition>(_ transition: inout T, at time: TraceTime) {
    if column0 >= 0 { see0(transition.propertyValue(at: column0), at: time) }
    if column1 >= 0 { see1(transition.propertyValue(at: column1), at: time) }
  }

  func readsOnly(propertiesIn range: Range<Int>) -> Bool {
    (column0 < 0 || range.contains(column0)) && (column1 < 0 || range.contains(column1))
  }

  @inline(__always)
  mutating func observe(at time: TraceTime, reading value: (Int) -> Double) {
    if column0 >= 0 { see0(value(column0), at: time) }
    if column1 >= 0 { see1(value(column1), at: time) }
  }

  @inline(__always)
  private mutating func see0(_ value: Double, at time: TraceTime) {
    peak0 = max(peak0, value)
    if crossing0 == nil, value > value0 { crossing0 = time }
  }

  @inline(__always)
  private mutating func see1(_ value: Double, at time: TraceTime) {
    peak1 = max(peak1, value)
    if crossing1 == nil, value > value1 { crossing1 = time }
  }

  /// The crossings, one per threshold.
  var crossings: [TraceTime?] {
    switch count {
    case 0: return []
    case 1: return [crossing0]
    default: return [crossing0, crossing1]
    }
  }

  /// The number of thresholds watched.
  var thresholdCount: Int { count }

  /// The peak of threshold `index` (below ``thresholdCount``).
  func peak(at index: Int) -> Double {
    index == 0 ? peak0 : peak1
  }

  /// The peaks, one per threshold.
  var peaks: [Double] {
    switch count {
    case 0: return []
    case 1: return [peak0]
    default: return [peak0, peak1]
    }
  }
}
