import GestureTrace

/// The terminal recorder's state, without any I/O: it reads what the
/// terminal sends, stamped with the time it was read, and says what to do
/// to the trace file.
///
/// - A press of the left button, the motions while it is held and its
///   release are one drag (``MouseDragSegmenter``). Its positions become
///   pixels (``TerminalResolution``) and go through a ``PanRecognizer``
///   with the request's slop, scale and estimator; a drag that never moves
///   more than the slop is a tap and is reported on the status line, not
///   recorded.
/// - The moment a pan ends (or is cancelled because a new press came before
///   its release) its trace is returned as ``Action/append(_:)``: the
///   recorder writes it and flushes it at once, unlabelled.
/// - Then a key labels it: `c` sets its intent to `complete`, `x` to
///   `cancel` (``Action/replaceLast(_:)``: the recorder rewrites the last
///   trace), or, when the first variant settles on one of more than two
///   stops, `1` to `9` set it to that stop's name; any other key skips, leaving it unlabelled but kept — a
///   recording never drops a finished gesture because of a stray key.
///   `c` and `x` always apply to the latest trace, so a wrong label is
///   corrected by pressing the other key.
/// - `u` removes the latest trace (``Action/removeLast``), and again the
///   one before it.
/// - `q`, Ctrl-C (byte 3 in raw mode) and Ctrl-D quit (``Action/quit``).
///   A drag still held when the recording ends is not a finished gesture
///   and is not written.
///
/// Traces are named `g1`, `g2`, … after their position in the file (an
/// undone number is used again). Times are those given to ``handle(_:at:)``:
/// the recorder passes the monotonic time since it started.
struct TerminalRecording: Sendable {
  /// What the recorder must do to the trace file, or to itself.
  enum Action: Sendable, Hashable {
    /// Append this finished trace and flush it.
    case append(Trace)
    /// Replace the last trace of the file with this one (a new label).
    case replaceLast(Trace)
    /// Remove the last trace of the file.
    case removeLast
    /// End the recording.
    case quit
  }

  /// How mouse coordinates become pixels.
  let resolution: TerminalResolution
  /// Pixels per point.
  let scale: Double
  /// The recognizer's slop in points.
  let slop: Double
  /// The metadata every trace gets.
  let metadata: TraceMetadata

  private var segmenter = MouseDragSegmenter()
  private var builder: PanTraceBuilder
  /// The live transitions, the first shown in detail.
  private(set) var transitions: [LiveTransition]
  /// The traces in the file and the label keys' logic.
  private var recorded = RecordedTraces()
  /// The traces in the file, in order.
  var traces: [Trace] { recorded.traces }
  /// The stops the keys `1` to `9` label traces with, for a first variant
  /// with more than two stops; empty otherwise (`c` and `x` label).
  var stops: [String] { recorded.stops }
  /// Whether the latest trace has just been recorded and no key has been
  /// pressed since.
  var isAwaitingLabel: Bool { recorded.isAwaitingLabel }
  /// What just happened, for the status line.
  private(set) var message = "Drag with the left mouse button."
  /// The 1-based cells where the open drag was pressed and where it is now.
  private(set) var drag: (press: (column: Int, row: Int), current: (column: Int, row: Int))?
  /// The translation of the pan in progress in points, once it has begun.
  private(set) var translation: Vector2D?

  /// Creates a recording with no trace yet.
  ///
  /// - Parameters:
  ///   - resolution: The unit and cell size of mouse coordinates.
  ///   - scale: Pixels per point.
  ///   - slop: How far, in points, a drag moves before its pan begins.
  ///   - estimator: The velocity estimator.
  ///   - variants: The transitions to drive live.
  ///   - metadata: The metadata every trace gets.
  init(
    resolution: TerminalResolution, scale: Double, slop: Double,
    estimator: VelocityEstimator, variants: [Variant], metadata: TraceMetadata
  ) {
    self.resolution = resolution
    self.scale = scale
    self.slop = slop
    self.metadata = metadata
    builder = PanTraceBuilder(PanRecognizer(slop: slop, scale: scale, estimator: estimator))
    transitions = variants.map(LiveTransition.init)
    recorded = RecordedTraces(stops: RecordedTraces.stops(of: variants.first))
  }

  /// Whether a drag is held.
  var isDragging: Bool { segmenter.isDragging }

  /// Whether something moves on screen without input: a transition's
  /// animation.
  var isAnimating: Bool { transitions.contains { $0.isAnimating } }

  /// Reads one input from the terminal, read at `time`.
  mutating func handle(_ input: TerminalInput, at time: TraceTime) -> [Action] {
    switch input {
    case .mouse(let report):
      var actions: [Action] = []
      for sample in segmenter.add(report, at: time) {
        actions += add(sample, report: report)
      }
      return actions
    case .key(let key):
      return press(key)
    case .cellSize, .textAreaSize, .modeReport, .other:
      return []
    }
  }

  /// Moves the live transitions' clocks to `time`.
  mutating func advance(to time: TraceTime) {
    for index in transitions.indices { transitions[index].advance(to: time) }
  }

  private mutating func add(_ sample: PointerSample, report: MouseReport) -> [Action] {
    let cell = resolution.cell(x: report.x, y: report.y)
    var pixels = sample
    pixels.position = resolution.pixels(x: Int(sample.position.x), y: Int(sample.position.y))
    let hadBegun = !builder.events.isEmpty
    let (event, finished) = builder.add(pixels)
    if let event {
      for index in transitions.indices { transitions[index].receive(event) }
      translation = event.phase.isFinal ? nil : event.translation
    }
    switch sample.action {
    case .down:
      drag = (cell, cell)
      recorded.isAwaitingLabel = false
      message = "Dragging…"
    case .move:
      drag?.current = cell
    case .up, .cancel:
      drag = nil
      if !hadBegun, sample.action == .up {
        message = "Tap ignored: it moved no more than the \(slop.reportText) pt slop."
      }
    }
    guard let finished else { return [] }
    return [record(finished)]
  }

  private mutating func record(_ events: [PanEvent]) -> Action {
    let trace = recorded.add(events, metadata: metadata)
    message = RecordedTraces.recordedMessage(trace, stops: recorded.stops)
    return .append(trace)
  }

  private mutating func press(_ key: Unicode.Scalar) -> [Action] {
    switch key {
    case "q", "Q", "\u{03}", "\u{04}":
      return [.quit]
    default:
      break
    }
    guard !segmenter.isDragging else { return [] }
    let (change, text) = recorded.press(key)
    if let text { message = text }
    switch change {
    case .append(let trace): return [.append(trace)]
    case .replaceLast(let trace): return [.replaceLast(trace)]
    case .removeLast: return [.removeLast]
    case nil: return []
    }
  }
}
