import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Type-checks the Swift `export` generates against stub modules: UIKit
/// (Tests/Stubs/UIKit.swift, shared with SwiftExamplesTests), and XCTest
/// with XCUIAutomation and lyft/Hammer (Tests/Stubs/Export), with the
/// toolchain's `swiftc` found on PATH.
// NB: the export stubs import UIKit, so they are compiled in order into one
// folder; SwiftExamplesTests compiles each stub of Tests/Stubs alone, which
// is why these live in a folder of their own.
enum SwiftTypecheck {
  /// The stub modules' files under Tests/Stubs, in the order they depend on
  /// each other, and the language mode each is built in (Hammer is a Swift
  /// 5 package).
  static let stubs = [("UIKit", "6"), ("Export/XCTest", "6"), ("Export/Hammer", "5")]

  /// The folder the stub modules were emitted into, made once per test
  /// run; or why that failed.
  static let modules: Result<String, TypecheckFailure> = {
    guard swiftc != nil else { return .failure(TypecheckFailure(log: "no swiftc on PATH")) }
    let folder: URL
    do {
      folder = try temporaryDirectory()
    } catch {
      return .failure(TypecheckFailure(log: "\(error)"))
    }
    let sources = packageRoot.appendingPathComponent("Tests/Stubs")
    for (file, mode) in stubs {
      let name = String(file.split(separator: "/").last!)
      let result = run(
        [
          "-emit-module", "-parse-as-library", "-swift-version", mode, "-module-name",
          name, sources.appendingPathComponent("\(file).swift").path, "-emit-module-path",
          folder.appendingPathComponent("\(name).swiftmodule").path, "-I", folder.path,
        ], in: folder)
      if result.status != 0 {
        return .failure(TypecheckFailure(log: "stub \(name): \(result.log)"))
      }
    }
    return .success(folder.path)
  }()

  /// Why a type-check failed: the compiler's output.
  struct TypecheckFailure: Error, CustomStringConvertible {
    var log: String
    var description: String { log }
  }

  /// Type-checks `source` in Swift 6 mode against the stubs; the
  /// compiler's output when it fails, `nil` when it passes.
  static func problems(in source: String) -> String? {
    let folder: String
    switch modules {
    case .failure(let failure): return failure.log
    case .success(let path): folder = path
    }
    guard swiftc != nil, let directory = try? temporaryDirectory() else {
      return "no swiftc or no temporary folder"
    }
    let file = directory.appendingPathComponent("Generated.swift")
    do {
      try source.write(to: file, atomically: true, encoding: .utf8)
    } catch {
      return "\(error)"
    }
    let result = run(
      ["-typecheck", "-swift-version", "6", "-I", folder, file.path], in: directory)
    return result.status == 0 ? nil : result.log
  }

  /// `swiftc` on PATH.
  static var swiftc: String? { SwiftTypechecker.swiftc }

  /// Runs swiftc (`SwiftTypechecker.run`); its status and its output.
  private static func run(_ arguments: [String], in folder: URL) -> (status: Int32, log: String) {
    let result = SwiftTypechecker.run(arguments, in: folder)
    return (result.status, result.output)
  }
}
