import GestureTrace

extension ParsedArguments {
  /// The input format given with `--from`, or with the hidden old name
  /// `--format` (``CommandSpec/Option/formerInputFormat``), which prints a
  /// one-line warning; `nil` when neither is given (the extension or the
  /// first bytes decide).
  ///
  /// `--from` wins when both are given.
  func inputFormat(io: inout some ToolIO) -> TraceFileFormat? {
    // NB: `try?` flattens the optional value; reading a choice never throws.
    let former = try? self[SharedOptions.formerInputFormat]
    if former != nil {
      io.writeError(
        "warning: use --from for the input format; --format, its old name here, goes in the "
          + "next release\n")
    }
    return (try? self[SharedOptions.inputFrom]) ?? former
  }
}
