import GestureTrace

/// `gesturetrace record --from terminal`: mouse drags in the terminal.
///
/// NB: a placeholder; the terminal recorder replaces this file.
enum TerminalRecorder {
  /// Records drags until the user quits.
  static func record(
    _ request: RecordRequest, io: inout some ToolIO
  ) throws(CommandError) -> ExitCode {
    throw .usage("--from terminal is not built yet")
  }
}
