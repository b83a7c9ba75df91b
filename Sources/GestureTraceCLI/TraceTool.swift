import GestureTrace

/// The `gesturetrace` command.
public enum TraceTool {
  /// Runs the command with the process's arguments and exits.
  public static func main() {}
}
