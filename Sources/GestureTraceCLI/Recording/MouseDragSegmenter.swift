import GestureTrace

/// Cuts a terminal's mouse reports into drags: each press of the left
/// button, the motions while it is held and its release become pointer
/// samples `down`, `move` … `up`.
///
/// Positions stay in the terminal's unit (cells, or pixels in mode 1016),
/// as the reports give them; ``TerminalResolution`` converts them.
///
/// ```swift
/// var segmenter = MouseDragSegmenter()
/// segmenter.add(MouseReport(button: .left, x: 20, y: 5), at: .zero)
/// // [down (20, 5)]
/// segmenter.add(
///   MouseReport(button: .left, isMotion: true, x: 20, y: 9), at: .milliseconds(8))
/// // [move (20, 9)]
/// ```
///
/// - Only the left button drags; other buttons, wheel steps and motion
///   with no button held are ignored, and so are modifiers.
/// - A motion or release with no press before it is ignored: the press
///   happened before tracking was on, or it was lost.
/// - A new press while a drag is open (its release was lost, for example
///   outside the window) cancels the open drag, then starts a new one.
/// - A release names the button released; a legacy release names none and
///   ends the open drag too.
struct MouseDragSegmenter: Sendable, Hashable {
  /// The last position of the open drag, or `nil` when none is open.
  private(set) var lastPosition: Vector2D?
  /// Where the open drag pressed, or `nil`.
  private(set) var pressPosition: Vector2D?

  /// Whether a drag is open: pressed and not yet released.
  var isDragging: Bool { lastPosition != nil }

  /// Reads one report; returns the samples it produces, in order.
  mutating func add(_ report: MouseReport, at time: TraceTime) -> [PointerSample] {
    let position = Vector2D(x: Double(report.x), y: Double(report.y))
    if report.isRelease {
      guard lastPosition != nil, report.button == .left || report.button == nil else {
        return []
      }
      lastPosition = nil
      pressPosition = nil
      return [PointerSample(time: time, position: position, action: .up)]
    }
    guard report.button == .left else { return [] }
    if report.isMotion {
      guard lastPosition != nil else { return [] }
      lastPosition = position
      return [PointerSample(time: time, position: position, action: .move)]
    }
    var samples = cancel(at: time)
    lastPosition = position
    pressPosition = position
    samples.append(PointerSample(time: time, position: position, action: .down))
    return samples
  }

  /// Ends the open drag, if any, as cancelled by the system at its last
  /// position.
  mutating func cancel(at time: TraceTime) -> [PointerSample] {
    guard let last = lastPosition else { return [] }
    lastPosition = nil
    pressPosition = nil
    return [PointerSample(time: time, position: last, action: .cancel)]
  }
}
