import GestureTrace

/// The `gesturetrace` command: record, replay and analyze pan gesture
/// traces.
public enum TraceTool {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  /// The subcommands, in the order help lists them.
  static let subcommands: [any Subcommand.Type] = [
    RecordCommand.self, ReplayCommand.self, AnalyzeCommand.self, MergeCommand.self,
    VariantsCommand.self,
    ValidateCommand.self, ConvertCommand.self, InfoCommand.self, SynthCommand.self,
    RepairCommand.self, CheckCommand.self, ExportCommand.self,
  ]

  /// Runs the command with the process's arguments and exits.
  public static func main() -> Never {
    Platform.ignoreBrokenPipes()
    var io = ProcessIO()
    let code = main(Array(CommandLine.arguments.dropFirst()), io: &io)
    Platform.exit(code)
  }

  /// Runs the command with the given arguments and streams.
  public static func main(_ arguments: [String], io: inout some ToolIO) -> ExitCode {
    let specs = subcommands.map { $0.spec }
    guard let first = arguments.first else {
      io.writeError(
        "Error: Missing expected argument '<subcommand>'\n\n" + HelpText.root(commands: specs))
      return .usage
    }
    switch first {
    case "-h", "--help":
      io.write(HelpText.root(commands: specs))
      return .success
    case "--version":
      io.write(version + "\n")
      return .success
    case "help":
      guard arguments.count > 1 else {
        io.write(HelpText.root(commands: specs))
        return .success
      }
      guard let command = subcommands.first(where: { $0.spec.name == arguments[1] }) else {
        return unknownSubcommand(arguments[1], specs: specs, io: &io)
      }
      io.write(HelpText.command(command.spec))
      return .success
    default:
      break
    }
    guard let command = subcommands.first(where: { $0.spec.name == first }) else {
      return unknownSubcommand(first, specs: specs, io: &io)
    }
    return run(command, Array(arguments.dropFirst()), io: &io)
  }

  private static func run(
    _ command: any Subcommand.Type, _ arguments: [String], io: inout some ToolIO
  ) -> ExitCode {
    let spec = command.spec
    let beforeTerminator = arguments.prefix { $0 != "--" }
    if beforeTerminator.contains("-h") || beforeTerminator.contains("--help") {
      io.write(HelpText.command(spec))
      return .success
    }
    if beforeTerminator.contains("--version") {
      io.write(version + "\n")
      return .success
    }
    return parsing(arguments, spec: spec, io: &io) { parsed, io throws(CommandError) in
      try command.run(parsed, io: &io)
    }
  }

  /// Parses `arguments` as `spec` declares them, runs `body` with them, and
  /// reports an error as every command does (`Error: …`, a usage hint and
  /// the exit code); tests run a command with other settings through it.
  static func parsing<IO: ToolIO>(
    _ arguments: [String], spec: CommandSpec, io: inout IO,
    _ body: (ParsedArguments, inout IO) throws(CommandError) -> ExitCode
  ) -> ExitCode {
    do {
      let parser = CommandLineParser(spec: spec)
      let parsed = try parser.parse(arguments)
      try parser.checkPositionals(parsed)
      return try body(parsed, &io)
    } catch {
      return CommandError.report(error, command: spec, io: &io)
    }
  }

  private static func unknownSubcommand(
    _ name: String, specs: [CommandSpec], io: inout some ToolIO
  ) -> ExitCode {
    var text: String
    if name.hasPrefix("-") {
      text = "Error: Unknown option '\(name)'"
    } else {
      text = "Error: Unknown subcommand '\(name)'"
      if let suggestion = CommandLineParser.closest(to: name, in: specs.map(\.name)) {
        text += ". Did you mean '\(suggestion)'?"
      }
    }
    text +=
      "\nUsage: gesturetrace <subcommand>\n  See 'gesturetrace --help' for more information.\n"
    io.writeError(text)
    return .usage
  }
}
