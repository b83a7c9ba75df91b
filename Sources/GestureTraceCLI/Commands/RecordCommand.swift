import GestureTrace

/// `gesturetrace record`: raw pointer input into pan traces.
enum RecordCommand: Subcommand {
  static let spec = CommandSpec(
    name: "record",
    abstract: "Record raw pointer input as pan traces.",
    discussion: """
      Turns raw pointer samples into pans as UIPanGestureRecognizer reports them: \
      nothing until the pointer has moved more than --slop points from where it \
      touched down, then 'began' (its translation, measured from the touch-down \
      point, includes the slop), 'changed' for every move and 'ended' at the lift, \
      carrying the estimator's release velocity; a touch that lifts inside the slop \
      is a tap and is left out. Each finished trace is appended to the output at once \
      and flushed, so an interrupted recording keeps every finished gesture.

      The default estimator, uikit, follows what is reported of UIKit's pan \
      recognizer: 'ended' repeats the last move's translation and velocity (a lift \
      at a new position is that move), so a finger that rests before lifting \
      releases at its speed before the rest. --estimator ios (the scroll-view \
      proxy) releases at 0 after a rest of more than 40 ms.

      Sources (--from):
      \(RecordSource.helpBlock)

      The terminal and browser sources draw the first --variant's transition; one with \
      a track (a view dragged between named stops, such as those a --transitions file \
      declares) is drawn from it, its stops labelled. With more than two stops the keys \
      1 to 9 (and the page's buttons) label a trace with the stop meant ('intent: \
      half') in place of c and x.

      A recording that yields no trace says so, with the likely cause, and \
      exits 65 unless --lenient.

      Positions are divided by --scale. For device logs it is device units per \
      point; by default it comes from the axis resolution, a point being 1/160 \
      inch (Android's dp), and without a resolution positions stay in device \
      units (units: px).
      """,
    arguments: [
      .init(
        name: "input", help: "The file to read (- for standard input).", isOptional: true)
    ],
    options: RecordOptions.all,
    examples: [
      (
        "gesturetrace record traces/samples/drags.samples.csv",
        "CSV samples (t,x,y[,event][,trace]) in seconds and points."
      ),
      (
        "gesturetrace record --from csv traces/samples/drags.samples.csv --scale 3",
        "Positions in pixels of a 3x screen (--time-unit for ms, us, ns)."
      ),
      (
        "cat traces/samples/drags.samples.csv | gesturetrace record --from stdin",
        "Stream samples; each pan is written the moment it ends."
      ),
      (
        "gesturetrace record --from getevent traces/samples/swipes.getevent.txt",
        "Swipes from 'adb shell getevent -lt' on an Android phone."
      ),
      (
        "gesturetrace record --from evemu traces/samples/swipe.evemu.events",
        "A touchscreen recorded with 'evemu-record' (axes: swipe.evemu.desc)."
      ),
      (
        "gesturetrace record --from libinput traces/samples/swipes.libinput.yml",
        "A touchscreen recorded with 'libinput record'."
      ),
      (
        "gesturetrace record traces/samples/swipes.libinput.yml",
        "Any of these, the format told from its first lines (--from auto)."
      ),
      (
        "gesturetrace record --from terminal -o drags.csv --variant lyrics-swap",
        "Drag with the mouse; c/x label intent, u undoes, q quits."
      ),
      (
        "gesturetrace record --from browser -o swipes.csv --variant player-sheet",
        "Open the printed address and swipe; c/x label, u undoes, Ctrl-C stops."
      ),
    ])

  static func run(
    _ arguments: ParsedArguments, io: inout some ToolIO
  ) throws(CommandError) -> ExitCode {
    let request = try RecordRequest(arguments)
    switch request.source.reading {
    case .terminal:
      return try TerminalRecorder.record(request, io: &io)
    case .browser:
      return try BrowserRecorder.record(request, io: &io)
    case .sniffed, .samples, .deviceLog:
      return try RawInputRecorder.record(request, io: &io)
    }
  }
}
