/// The gesture that drives a transition: a tap, or a drag along an axis
/// whose directions move it towards completing.
///
/// Intent is relative to this gesture: a drag towards one of
/// ``completingDirections`` is what a person does to complete the
/// transition; a drag the other way, or across its axis, is not.
///
/// ```swift
/// let sheet = try Variant(parsing: "player-sheet")
/// sheet.gesture.completingDirections  // [.up]: the closed sheet opens upwards
/// sheet.gesture.description          // "a drag up (y axis)"
/// ```
public struct TransitionGesture: Sendable, Hashable, CustomStringConvertible {
  /// Whether a tap, not a drag, completes the transition.
  public var isTap: Bool
  /// The axis the transition reads: `x`, `y` or `both`.
  public var axis: String
  /// The directions that move the transition towards completing; empty for
  /// a tap.
  public var completingDirections: [GestureDirection]

  /// A drag along `axis` that completes towards `directions`.
  public static func drag(axis: String, towards directions: [GestureDirection])
    -> TransitionGesture
  {
    TransitionGesture(isTap: false, axis: axis, completingDirections: directions)
  }

  /// A tap: a touch that does not move past the slop.
  public static let tap = TransitionGesture(isTap: true, axis: "none", completingDirections: [])

  /// "a tap", or "a drag up or down (y axis)".
  public var description: String {
    guard !isTap else { return "a tap" }
    let names = completingDirections.map(\.rawValue)
    let listed =
      names.count <= 2
      ? names.joined(separator: " or ")
      : names.dropLast().joined(separator: ", ") + " or " + names.last!
    return "a drag \(listed.isEmpty ? "nowhere" : listed) (\(axis) axis)"
  }
}
