/// A window of an animation in relative time, like
/// `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)`.
///
/// A keyframe maps the progress of the animation that contains it (for
/// example a ``PropertyAnimator``'s ``PropertyAnimator/progress``) to its
/// own progress: 0 before its window, linear inside it, 1 after it.
///
/// ```swift
/// let fadeOut = Keyframe(relativeStart: 0.5, relativeDuration: 0.5)
/// fadeOut.progress(at: 0.4)    // 0
/// fadeOut.progress(at: 0.75)   // 0.5
/// ```
// NB: keyframes nested in a property animator (as in `animateKeyframes(
// withDuration: 0)` inside the animator's block) inherit the animator's
// duration and timing curve, so the window applies to the animator's curved
// progress, and each window is linear within it (calculation mode linear).
public struct Keyframe: Sendable, Hashable, Codable {
  /// Where the window starts, as a fraction of the containing animation;
  /// in 0…1.
  public let relativeStart: Double
  /// How long the window lasts, as a fraction of the containing animation;
  /// in 0…(1 − relativeStart).
  public let relativeDuration: Double

  /// Creates a keyframe window.
  ///
  /// The start is clamped to 0…1 and the duration to 0…(1 − start); NaN
  /// becomes 0 for the start and the rest of the animation for the duration.
  public init(relativeStart: Double, relativeDuration: Double) {
    let start = relativeStart.isNaN ? 0 : min(max(relativeStart, 0), 1)
    let room = 1 - start
    self.relativeStart = start
    self.relativeDuration = relativeDuration.isNaN ? room : min(max(relativeDuration, 0), room)
  }

  /// The whole animation: start 0, duration 1.
  public static let whole = Keyframe(relativeStart: 0, relativeDuration: 1)

  /// Returns the keyframe's progress when the containing animation has
  /// progressed by `progress`.
  ///
  /// 0 up to the window's start, rising linearly to 1 at its end, 1 after it;
  /// always in 0…1, even when a spring overshoots. A zero-length window
  /// jumps from 0 to 1 at its start. NaN gives 0.
  public func progress(at progress: Double) -> Double {
    guard progress > relativeStart else {
      return relativeDuration == 0 && progress == relativeStart ? 1 : 0
    }
    guard relativeDuration > 0 else { return 1 }
    return min((progress - relativeStart) / relativeDuration, 1)
  }

  /// Creates a keyframe by decoding its window, with the same clamping as
  /// ``init(relativeStart:relativeDuration:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      relativeStart: try container.decode(Double.self, forKey: .relativeStart),
      relativeDuration: try container.decode(Double.self, forKey: .relativeDuration))
  }
}
