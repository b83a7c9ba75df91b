import GestureTrace

/// `gesturetrace record --from terminal`: mouse drags made in this terminal,
/// recorded as pan traces, labelled with their intent as they are made.
///
/// **Start.** Standard input must be a terminal; otherwise the command
/// refuses at once with exit 66 (`noInput`: the input it needs is not
/// there), before creating any file. Traces go to a file (`-o FILE`;
/// standard output is the screen, so `-` is a usage error). The terminal
/// goes into raw mode and the alternate screen, and is asked what its mouse
/// reports measure (``TerminalProbe``, at most one second): pixels where it
/// supports SGR pixel mode 1016 (never inside tmux, which only passes cells
/// on), else cells, with the cell size from `CSI 16 t`, `TIOCGWINSZ` or an
/// assumed 8×16 px. Then it enables button-event tracking (1002) in SGR
/// format (1006, plus 1016 for pixels) and shows ``TerminalScreen/readyMarker``.
///
/// **Recording.** Bytes are stamped with the monotonic clock the moment
/// they are read (relative to the start, so a file's traces share one
/// clock) and handed to ``TerminalRecording``, which turns drags into pans
/// and drives the `--variant` transitions live (lyrics-swap by default).
/// Each trace carries `source: terminal`, `units: pt`, `scale`, `recorded`
/// (when the recording started, UTC) and the tags `input-unit` (`cell` or
/// `pixel`), `resolution` (points per unit, `WxH`), `cell-size` (pixels,
/// `WxH`), `cell-size-source` (`csi-16t`, `tiocgwinsz` or `assumed`),
/// `terminal` (`$TERM`), `terminal-program` (`$TERM_PROGRAM`) and `tmux`.
///
/// **Writing, labels and undo.** A trace is appended to the file and
/// flushed to disk (`fsync`) the moment its pan ends, unlabelled: nothing
/// finished ever waits in memory. A label rewrites that last trace: the
/// file is cut back to where the trace began and the labelled trace is
/// appended again. Undo cuts the file back the same way. So at any moment
/// the file holds every finished trace, and the only window in which the
/// latest trace is not on disk is between the cut and the rewrite of a
/// label — two system calls, during which signals are only noted, so only
/// SIGKILL or a power cut can fall there, and they cost at most that one
/// trace.
///
/// **Ending.** `q`, Ctrl-C (a byte in raw mode) and Ctrl-D end with exit 0;
/// so does the end of input (the terminal closed). SIGINT, SIGTERM and SIGHUP
/// are trapped: a handler only writes the signal's number to a self-pipe,
/// and the loop, which waits with `poll` on the terminal and the pipe, ends
/// and exits with 128 + the signal's number (130, 143, 129), as shells
/// report a killed command. Every way out — including write errors —
/// restores the terminal: mouse modes off, the main screen back, the cursor
/// shown, the saved `termios` settings set. A drag still held at the end is
/// not finished and is not written.
enum TerminalRecorder {
  /// The transition shown when no `--variant` is given.
  static let defaultVariant = "lyrics-swap"
  /// How long the terminal has to answer the probe.
  static let probeTimeout = TraceTime.milliseconds(1_000)
  /// How long a lone ESC or a split sequence waits for more bytes.
  static let escapeTimeout = TraceTime.milliseconds(50)

  /// How a recording ended.
  enum Ending: Equatable {
    /// `q`, Ctrl-C or Ctrl-D.
    case quit
    /// The terminal closed: the end of input, or a read error.
    case endOfInput
    /// A trapped signal.
    case signal(Platform.TrappedSignal)

    /// The exit code: 0, or 128 + the signal's number.
    var exitCode: ExitCode {
      guard case .signal(let signal) = self else { return .success }
      return ExitCode(128 + signal.number)
    }
  }

  /// Records drags until the user quits, a signal comes or the terminal
  /// closes.
  static func record(
    _ request: RecordRequest, io: inout some ToolIO
  ) throws(CommandError) -> ExitCode {
    guard io.isInputTerminal else {
      throw .noInput(
        "--from terminal records mouse drags in a terminal, but standard input is not a "
          + "terminal; run it in one, or stream samples with --from stdin")
    }
    guard request.output != "-" else {
      throw .usage(
        "--from terminal draws on the terminal; give the trace file with -o <output>",
        help: "-o, --output <output>  The file to write (- is standard output).")
    }
    let specs = request.variants.isEmpty ? [defaultVariant] : request.variants
    let variants = specs.compactMap { try? Variant(parsing: $0, in: request.catalog) }
    var appender = try TraceAppender(
      path: request.output, format: request.format,
      columns: CSVColumns(velocity: true, location: true), replacing: request.force, io: &io)
    let signals = Platform.trapSignals()
    defer { Platform.releaseSignals(readEnd: signals) }
    var session: TerminalSession
    do {
      session = try TerminalSession()
    } catch {
      appender.close(failed: true)
      throw error
    }
    var loop = Loop(
      request: request, variants: variants, session: session, signals: signals)
    let ending: Ending
    do {
      ending = try loop.run(appender: &appender, io: &io)
    } catch {
      session.restore()
      appender.close(failed: true)
      throw error
    }
    session.restore()
    appender.close()
    io.writeError(summary(of: loop.recording, ending: ending, output: request.output))
    return ending.exitCode
  }

  /// What the recording kept, printed once the terminal is restored.
  static func summary(
    of recording: TerminalRecording?, ending: Ending, output: String
  ) -> String {
    RecordedTraces.summary(of: recording?.traces ?? [], ending: ending, output: output)
  }

  /// The notes under the screen's header: the resolution and warnings.
  static func notes(
    resolution: TerminalResolution, scale: Double, slop: Double, insideTmux: Bool
  ) -> [String] {
    let perUnit = resolution.pointsPerUnit(scale: scale)
    var unit: String
    switch resolution.unit {
    case .pixel: unit = "Mouse in pixels (SGR 1016)"
    case .cell:
      unit =
        "Mouse in cells of \(TerminalResolution.size(resolution.cellWidth, resolution.cellHeight)) px"
      if resolution.isCellSizeAssumed { unit += " (assumed: the terminal did not say)" }
    }
    var notes = [
      "\(unit), \(TerminalResolution.size(perUnit.x, perUnit.y)) pt each at scale "
        + "\(scale.reportText); slop \(slop.reportText) pt."
    ]
    if insideTmux {
      notes.append("Inside tmux only cells are reported, not pixels: motion comes in whole cells.")
    }
    return notes
  }

  /// The metadata every trace of the recording gets; `target` is the
  /// transition the gestures are made for.
  static func metadata(
    resolution: TerminalResolution, scale: Double, insideTmux: Bool, recorded: String,
    target: String? = nil
  ) -> TraceMetadata {
    var metadata = TraceMetadata()
    metadata.source = "terminal"
    if let target { metadata.target = target }
    metadata.units = "pt"
    metadata.scale = scale
    if TraceMetadata.isValidValue(recorded), !recorded.isEmpty { metadata.recorded = recorded }
    for (key, value) in resolution.metadata(scale: scale) { metadata[key] = value }
    for (key, variable) in [("terminal", "TERM"), ("terminal-program", "TERM_PROGRAM")] {
      if let value = Platform.environment(variable), !value.isEmpty,
        TraceMetadata.isValidValue(value)
      {
        metadata[key] = value
      }
    }
    if insideTmux { metadata["tmux"] = "yes" }
    return metadata
  }

  /// The event loop: probe, then read, record and draw until the end.
  private struct Loop {
    let request: RecordRequest
    let variants: [Variant]
    let session: TerminalSession
    let signals: Int32
    let start = Platform.monotonicTime()
    var decoder = SGRMouseDecoder()
    var size: WindowSize
    var recording: TerminalRecording?
    var notes: [String] = []
    var lastInput = TraceTime.zero

    init(request: RecordRequest, variants: [Variant], session: TerminalSession, signals: Int32) {
      self.request = request
      self.variants = variants
      self.session = session
      self.signals = signals
      size = Platform.windowSize(session.input) ?? WindowSize(columns: 80, rows: 24)
    }

    /// The time since the loop started.
    func now() -> TraceTime { Platform.monotonicTime() - start }

    mutating func run(
      appender: inout TraceAppender, io: inout some ToolIO
    ) throws(CommandError) -> Ending {
      if let ending = probe() { return ending }
      let frameInterval = TraceTime(nanoseconds: 1_000_000_000 / Int64(max(request.fps, 1)))
      var lastFrame = TraceTime(nanoseconds: -1_000_000_000_000)
      var dirty = true
      while true {
        let time = now()
        recording?.advance(to: time)
        let animating = recording?.isAnimating ?? false
        if dirty || animating, time - lastFrame >= frameInterval {
          draw()
          lastFrame = time
          dirty = false
        }
        var timeout: Int32 = -1
        if dirty || animating {
          timeout = milliseconds(frameInterval - (now() - lastFrame))
        } else if decoder.hasPendingInput {
          timeout = milliseconds(TerminalRecorder.escapeTimeout)
        }
        let ready = Platform.waitForInput([session.input, signals], timeout: timeout)
        if ready[1], let ending = handleSignals() { return ending }
        if ready[1] { dirty = true }
        var inputs: [TerminalInput] = []
        if ready[0] {
          guard let bytes = Platform.readChunk(session.input, count: 4_096), !bytes.isEmpty else {
            return .endOfInput
          }
          lastInput = now()
          inputs = decoder.push(bytes)
        } else if decoder.hasPendingInput, now() - lastInput >= TerminalRecorder.escapeTimeout {
          inputs = decoder.flush()
        }
        let stamp = lastInput
        for input in inputs {
          guard let actions = recording?.handle(input, at: stamp) else { continue }
          for action in actions {
            switch action {
            case .append(let trace): try appender.apply(.append(trace), io: &io)
            case .replaceLast(let trace): try appender.apply(.replaceLast(trace), io: &io)
            case .removeLast: try appender.apply(.removeLast, io: &io)
            case .quit: return .quit
            }
          }
          dirty = true
        }
      }
    }

    /// Asks the terminal what it reports and sets up the recording; an
    /// ending when the user quit or a signal came meanwhile.
    private mutating func probe() -> Ending? {
      session.write(TerminalScreen.probing(size: size))
      session.write(TerminalProbe.queries)
      var probe = TerminalProbe()
      while !probe.isComplete {
        let remaining = TerminalRecorder.probeTimeout - now()
        guard remaining > .zero else { break }
        let ready = Platform.waitForInput(
          [session.input, signals], timeout: milliseconds(remaining))
        if ready[1], let ending = handleSignals() { return ending }
        guard ready[0] else { continue }
        guard let bytes = Platform.readChunk(session.input, count: 4_096), !bytes.isEmpty else {
          return .endOfInput
        }
        for input in decoder.push(bytes) where !probe.read(input) {
          if case .key(let key) = input, ["q", "Q", "\u{03}", "\u{04}"].contains(key) {
            return .quit
          }
        }
      }
      let insideTmux = !(Platform.environment("TMUX") ?? "").isEmpty
      let resolution = probe.resolution(
        windowSize: Platform.windowSize(session.input), insideTmux: insideTmux)
      let scale = request.scale ?? 1
      notes = TerminalRecorder.notes(
        resolution: resolution, scale: scale, slop: request.slop, insideTmux: insideTmux)
      recording = TerminalRecording(
        resolution: resolution, scale: scale, slop: request.slop, estimator: request.estimator,
        variants: variants,
        metadata: TerminalRecorder.metadata(
          resolution: resolution, scale: scale, insideTmux: insideTmux,
          recorded: Platform.currentTimeText(),
          // NB: intent is labelled while watching the first transition the
          // view shows (lyrics-swap without --variant), so that is the target.
          target: variants.first?.transition))
      session.enableMouse(pixels: resolution.unit == .pixel)
      return nil
    }

    /// Reads the self-pipe: an ending for SIGINT, SIGTERM and SIGHUP; a
    /// new size for SIGWINCH.
    private mutating func handleSignals() -> Ending? {
      for signal in Platform.pendingSignals(readEnd: signals) {
        if signal == .windowChange {
          size = Platform.windowSize(session.input) ?? size
          session.write("\u{1B}[2J")
        } else {
          return .signal(signal)
        }
      }
      return nil
    }

    private func draw() {
      guard let recording else { return }
      session.write(
        TerminalScreen.frame(of: recording, output: request.output, notes: notes, size: size))
    }

    private func milliseconds(_ time: TraceTime) -> Int32 {
      Int32(clamping: max(1, (time.nanoseconds + 999_999) / 1_000_000))
    }
  }
}
