import GestureTrace

/// An error that ends a command, with its message and exit code.
///
/// Every error goes through ``CommandError/report(_:command:io:)``, so the
/// exit codes are decided in one place.
enum CommandError: Error, Equatable {
  /// A bad command line: printed with the usage line (exit 64).
  case usage(String, help: String? = nil)
  /// Malformed input data (exit 65).
  case dataError(String)
  /// A missing or unreadable input (exit 66).
  case noInput(String)
  /// An output that cannot be created (exit 73).
  case cannotCreate(String)
  /// A failed write (exit 74).
  case ioError(String)

  var exitCode: ExitCode {
    switch self {
    case .usage: return .usage
    case .dataError: return .dataError
    case .noInput: return .noInput
    case .cannotCreate: return .cannotCreate
    case .ioError: return .ioError
    }
  }

  /// Prints the error as argument-parser does and returns its exit code.
  static func report(_ error: Error, command: CommandSpec?, io: inout some ToolIO) -> ExitCode {
    if let code = error as? ExitCode { return code }
    guard let error = error as? CommandError else {
      io.writeError("Error: \(error)\n")
      return .failure
    }
    switch error.escapingControlCharacters {
    case .usage(let message, let help):
      var text = "Error: \(message)\n"
      if let help { text += "Help:  \(help)\n" }
      if let command {
        text += "Usage: \(command.usageLine)\n"
        text += "  See '\(command.helpCommand)' for more information.\n"
      }
      io.writeError(text)
    case .dataError(let message), .noInput(let message), .cannotCreate(let message),
      .ioError(let message):
      io.writeError("Error: \(message)\n")
    }
    return error.exitCode
  }

  /// The error with control characters in its text shown as escapes.
  private var escapingControlCharacters: CommandError {
    switch self {
    case .usage(let message, let help):
      return .usage(
        message.escapingControlCharactersExceptLineFeeds,
        help: help?.escapingControlCharactersExceptLineFeeds)
    case .dataError(let message):
      return .dataError(message.escapingControlCharactersExceptLineFeeds)
    case .noInput(let message): return .noInput(message.escapingControlCharactersExceptLineFeeds)
    case .cannotCreate(let message):
      return .cannotCreate(message.escapingControlCharactersExceptLineFeeds)
    case .ioError(let message): return .ioError(message.escapingControlCharactersExceptLineFeeds)
    }
  }
}
