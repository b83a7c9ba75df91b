import GestureTrace

/// A `gesturetrace` subcommand: its spec and what it does.
protocol Subcommand: Sendable {
  /// The command's name, arguments, options and help.
  static var spec: CommandSpec { get }
  /// Runs the command with parsed arguments.
  static func run(_ arguments: ParsedArguments, io: inout some ToolIO) throws(CommandError)
    -> ExitCode
}
