import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Type-checks Swift examples with `swiftc -typecheck`, in Swift 6 mode,
/// against the real `GestureTrace` module and the stub modules of
/// `Tests/Stubs`.
enum SwiftTypechecker {
  /// What one check gave: swiftc's exit status and its diagnostics.
  struct Result {
    var status: Int32
    var output: String
  }

  /// `swiftc` on the `PATH`; `nil` when there is none.
  static let swiftc: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/swiftc"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  /// The stub modules, by name: `Tests/Stubs/NAME.swift`.
  static let stubNames: Set<String> = {
    let directory = packageRoot.appendingPathComponent("Tests/Stubs").path
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return Set(files.filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(6)) })
  }()

  /// A directory holding `GestureTrace` and every stub as compiled modules,
  /// or what went wrong making it.
  // NB: built once per test run; static initialization is thread-safe.
  static let modules: Swift.Result<URL, ModuleError> = makeModules()

  /// Why the modules could not be made.
  struct ModuleError: Error, CustomStringConvertible {
    var description: String
  }

  /// Type-checks the example: `@objc` removed and `#selector(m)` read as
  /// `Selector(checking: m)`, since Linux has no Objective-C runtime.
  static func typecheck(_ example: SwiftExample) throws -> Result {
    let code = example.code.replacingOccurrences(of: "@objc ", with: "")
      .replacingOccurrences(of: "#selector(", with: "Selector(checking: ")
    let work = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let source = work.appendingPathComponent("main.swift")
    try code.write(to: source, atomically: true, encoding: .utf8)
    return try typecheck([source], stubs: example.stubs(available: stubNames), in: work)
  }

  /// Type-checks an app's source files together as one module (`@main`
  /// allowed), against the stubs their imports name.
  static func typecheck(app files: [URL]) throws -> Result {
    var stubs: [String] = []
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      let imports = SwiftExample(file: file.path, line: 1, code: text).imports
      stubs += imports.filter { stubNames.contains($0) && !stubs.contains($0) }
    }
    let work = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    var copies: [URL] = []
    for (index, file) in files.enumerated() {
      // NB: as for an example, no Objective-C runtime: see typecheck(_:).
      let code = try String(contentsOf: file, encoding: .utf8)
        .replacingOccurrences(of: "@objc ", with: "")
        .replacingOccurrences(of: "#selector(", with: "Selector(checking: ")
      let copy = work.appendingPathComponent("\(index)-\(file.lastPathComponent)")
      try code.write(to: copy, atomically: true, encoding: .utf8)
      copies.append(copy)
    }
    return try typecheck(copies, stubs: stubs, in: work, options: ["-parse-as-library"])
  }

  /// Type-checks the files in `work`, with the stubs named and the
  /// library's files that need them (``overlays``).
  private static func typecheck(
    _ files: [URL], stubs: [String], in work: URL, options: [String] = []
  ) throws -> Result {
    let directory = try modules.get()
    var sources = files.map(\.path)
    for (index, overlay) in stubs.flatMap({ overlays[$0] ?? [] }).enumerated() {
      // NB: compiled into the example's module, so it sees GestureTrace's
      // public API only, through an import it does not have in the library.
      let text = try String(contentsOf: overlay, encoding: .utf8)
      let copy = work.appendingPathComponent("overlay\(index)-\(overlay.lastPathComponent)")
      try ("import GestureTrace\n" + text).write(to: copy, atomically: true, encoding: .utf8)
      sources.append(copy.path)
    }
    return run(
      ["-typecheck", "-swift-version", "6", "-module-name", "Example"] + options
        + stubs.flatMap { ["-I", directory.appendingPathComponent("stubs-\($0)").path] }
        + ["-I", directory.appendingPathComponent("library").path] + sources,
      in: work)
  }

  /// The library's files that build only with a framework a stub stands
  /// for, by stub name: those whose first line is `#if canImport(NAME)`.
  /// SwiftPM leaves them out on Linux, so every check against the stub
  /// compiles them with the example.
  static let overlays: [String: [URL]] = {
    let sources = packageRoot.appendingPathComponent("Sources/GestureTrace")
    let files =
      FileManager.default.enumerator(atPath: sources.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted() ?? []
    var overlays: [String: [URL]] = [:]
    for file in files {
      let url = sources.appendingPathComponent(file)
      guard let text = try? String(contentsOf: url, encoding: .utf8),
        let first = text.split(separator: "\n").first,
        first.hasPrefix("#if canImport("), first.hasSuffix(")")
      else { continue }
      let name = String(first.dropFirst("#if canImport(".count).dropLast())
      if stubNames.contains(name) { overlays[name, default: []].append(url) }
    }
    return overlays
  }()

  /// Compiles `GestureTrace` (or finds it built) and each stub, each in a
  /// directory of its own so that a check sees only the stubs it names.
  private static func makeModules() -> Swift.Result<URL, ModuleError> {
    guard swiftc != nil else { return .failure(ModuleError(description: "swiftc not found")) }
    // NB: one directory, emptied at each run, so that runs leave no
    // modules behind in the temporary directory.
    let directory = packageRoot.appendingPathComponent(".build/swift-examples")
    try? FileManager.default.removeItem(at: directory)
    let library = directory.appendingPathComponent("library")
    do {
      try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    } catch {
      return .failure(ModuleError(description: "\(error)"))
    }
    if let built = builtLibrary {
      // NB: the module SwiftPM built for the tests, copied so that only it
      // (and not the other targets' modules) is on the import path.
      for suffix in ["swiftmodule", "swiftdoc", "swiftsourceinfo"] {
        let file = built.deletingPathExtension().appendingPathExtension(suffix)
        try? FileManager.default.copyItem(
          at: file, to: library.appendingPathComponent("GestureTrace.\(suffix)"))
      }
    } else {
      let sources = packageRoot.appendingPathComponent("Sources/GestureTrace")
      let files =
        FileManager.default.enumerator(atPath: sources.path)?
        .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        .map { sources.appendingPathComponent($0).path } ?? []
      let result = run(
        [
          "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name",
          "GestureTrace", "-package-name", "GestureTrace", "-emit-module-path",
          library.appendingPathComponent("GestureTrace.swiftmodule").path,
        ] + files, in: directory)
      guard result.status == 0 else {
        return .failure(ModuleError(description: "GestureTrace: \(result.output)"))
      }
    }
    for name in stubNames.sorted() {
      let output = directory.appendingPathComponent("stubs-\(name)")
      try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
      let result = run(
        [
          "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", name,
          "-emit-module-path", output.appendingPathComponent("\(name).swiftmodule").path,
          packageRoot.appendingPathComponent("Tests/Stubs/\(name).swift").path,
        ], in: directory)
      guard result.status == 0 else {
        return .failure(ModuleError(description: "stub \(name): \(result.output)"))
      }
    }
    return .success(directory)
  }

  /// `GestureTrace.swiftmodule` as SwiftPM built it next to the running
  /// tests, if it is there.
  private static var builtLibrary: URL? {
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let candidates = [
      bundle.appendingPathComponent("Modules/GestureTrace.swiftmodule"),
      bundle.appendingPathComponent("GestureTrace.swiftmodule"),
      packageRoot.appendingPathComponent(".build/debug/Modules/GestureTrace.swiftmodule"),
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// Runs swiftc with the arguments in `directory`; its status and its
  /// standard output and error together.
  static func run(_ arguments: [String], in directory: URL) -> Result {
    let log = directory.appendingPathComponent("swiftc-\(UUID().uuidString).log").path
    let code = ChildProcess.run(
      [swiftc ?? "swiftc"] + arguments, output: log, joiningStandardError: true)
    let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: log)
    return Result(status: code, output: code < 0 ? "could not start or wait for swiftc" : output)
  }
}
