import GestureTrace

/// `--transitions FILE`: a JSON transitions file whose transitions variant
/// specs may name, beside the built-in ones, in every command that takes a
/// variant (`replay`, `analyze`, `check`, `export`, `record`, `synth
/// --target`, `variants` and `merge`).
///
/// The file is read whole (at most ``maximumBytes``) and handed to
/// ``TransitionCatalog/declare(parsing:file:)``; the catalog it gives is the
/// one every spec of the command is parsed with. A declaration error is a
/// data error (exit 65) printed as `file:line:column: …`; a missing file is
/// a missing input (exit 66).
enum TransitionsOption {
  /// The option.
  static let key: OptionKey<String?> = .optionalText(
    "transitions", valueName: "file",
    help: "A JSON transitions file: its transitions may be named like the built-in ones.")

  /// The largest transitions file read: the reader's own bound.
  static var maximumBytes: Int { TransitionCatalog.maximumDeclarationBytes }

  /// The catalog a command starts from, which `--transitions` adds to: the
  /// built-in transitions, unless a test (or a tool that embeds the
  /// commands) registers its own ``Transition`` types first.
  @TaskLocal static var base: TransitionCatalog = .builtIn

  /// The catalog the command's specs are parsed with: ``base`` with the
  /// transitions of the `--transitions` file, if given.
  static func catalog(_ arguments: ParsedArguments) throws(CommandError) -> TransitionCatalog {
    guard let path = try arguments[key] else { return base }
    return try catalog(reading: path)
  }

  /// ``base`` with the transitions declared in the file at `path`;
  /// `name` is how messages name it (the path as given).
  static func catalog(reading path: String, name: String? = nil) throws(CommandError)
    -> TransitionCatalog
  {
    let name = name ?? TraceInput.displayName(path)
    guard let bytes = try Platform.readFile(path, atMost: maximumBytes) else {
      throw .dataError(
        "\(name): expected a transitions file of at most 1 MiB, found a larger file")
    }
    if let (line, column) = firstInvalidUTF8(bytes) {
      throw .dataError("\(name):\(line):\(column): expected UTF-8 text, found an invalid byte")
    }
    var catalog = base
    do throws(TransitionDeclarationError) {
      try catalog.declare(parsing: String(decoding: bytes, as: UTF8.self), file: name)
    } catch {
      throw .dataError(error.description)
    }
    return catalog
  }

  /// The line and column (from 1, in characters) of the first byte that is
  /// not valid UTF-8; `nil` when every byte is.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> (line: Int, column: Int)? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var line = 1
    var column = 1
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar):
        if scalar.count == 1, scalar.first == 0x0A {
          line += 1
          column = 1
        } else {
          column += 1
        }
      case .emptyInput:
        return nil
      case .error:
        return (line, column)
      }
    }
  }
}
