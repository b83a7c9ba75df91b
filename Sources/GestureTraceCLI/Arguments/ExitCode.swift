/// How the command ends, as a sysexits code.
public struct ExitCode: Error, RawRepresentable, Hashable, Sendable {
  /// The process exit status.
  public var rawValue: Int32

  /// Creates an exit code.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// Creates an exit code.
  public init(_ rawValue: Int32) { self.rawValue = rawValue }

  /// Everything worked.
  public static let success = ExitCode(0)
  /// A generic failure.
  public static let failure = ExitCode(1)
  /// The command line was wrong (EX_USAGE).
  public static let usage = ExitCode(64)
  /// The input data was malformed (EX_DATAERR).
  public static let dataError = ExitCode(65)
  /// An input file was missing or unreadable (EX_NOINPUT).
  public static let noInput = ExitCode(66)
  /// An output file could not be created (EX_CANTCREAT).
  public static let cannotCreate = ExitCode(73)
  /// Writing output failed (EX_IOERR).
  public static let ioError = ExitCode(74)
}
