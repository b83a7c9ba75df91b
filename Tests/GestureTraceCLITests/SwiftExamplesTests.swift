import Foundation
import Testing

/// The README's Swift blocks and the library's doc-comment programs compile:
/// `swiftc -typecheck` in Swift 6 mode against the real `GestureTrace` and
/// the UIKit and QuartzCore stubs of `Tests/Stubs`.
@Suite struct SwiftExamplesTests {
  static let swiftcFound = SwiftTypechecker.swiftc != nil

  @Test(
    .enabled(if: swiftcFound, "swiftc is not on the PATH: the examples are not type-checked"),
    arguments: SwiftExample.all)
  func exampleTypeChecks(_ example: SwiftExample) throws {
    let result = try SwiftTypechecker.typecheck(example)
    #expect(result.status == 0, "\(example):\n\(result.output)")
  }

  /// The examples the issue names are among those checked: the README's
  /// view controller and PanRecorder's doc comment.
  @Test func theRecorderExamplesAreChecked() {
    let checked = SwiftExample.all
    #expect(
      checked.contains {
        $0.file == "README.md" && $0.code.contains("PanRecorder(")
          && $0.stubs(available: SwiftTypechecker.stubNames) == ["QuartzCore", "UIKit"]
      })
    #expect(
      checked.contains {
        $0.file == "Sources/GestureTrace/Record/PanRecorder.swift" && $0.imports.contains("UIKit")
      })
    #expect(SwiftTypechecker.stubNames == ["QuartzCore", "SwiftUI", "UIKit"])
  }

  /// DragRecorder's SwiftUI methods (built only where SwiftUI is) are
  /// checked with every example that uses the SwiftUI stub, among them
  /// DragRecorder's own doc comment.
  @Test func theSwiftUIMethodsAreChecked() {
    #expect(
      SwiftTypechecker.overlays["SwiftUI"]?.map(\.lastPathComponent) == [
        "DragRecorder+SwiftUI.swift"
      ])
    #expect(
      SwiftExample.all.contains {
        $0.file == "Sources/GestureTrace/Record/DragRecorder.swift"
          && $0.stubs(available: SwiftTypechecker.stubNames) == ["SwiftUI"]
          && $0.code.contains("recorder.ended(value)")
      })
  }

  /// The SwiftUI methods fail the check when they call what the recorder
  /// does not have, so a passing check means something.
  @Test(.enabled(if: swiftcFound, "swiftc is not on the PATH"))
  func aSwiftUIMisuseFails() throws {
    let example = SwiftExample(
      file: "misuse", line: 1,
      code: """
        import GestureTrace
        import SwiftUI

        var recorder = DragRecorder()
        let gesture = DragGesture().onEnded { value in _ = recorder.ended(value, at: 1) }

        """)
    let result = try SwiftTypechecker.typecheck(example)
    #expect(result.status != 0)
    #expect(result.output.contains("extra argument 'at' in call"))
  }

  /// The README's earlier snippet, as it was: the check fails on what was
  /// wrong with it (so a passing check means something).
  @Test(.enabled(if: swiftcFound, "swiftc is not on the PATH"))
  func theOldSnippetFails() throws {
    let old = SwiftExample(
      file: "old", line: 1,
      code: """
        import GestureTrace

        var recorder = PanRecorder(device: "iPhone 15", scale: 3)
        let encoder = CSVTraceEncoder(columns: CSVColumns(velocity: true, location: true))
        var file = encoder.fileHeader()

        @objc func handlePan(_ pan: UIPanGestureRecognizer) {
          guard let phase = TouchPhase(gestureRecognizerState: pan.state.rawValue) else { return }
          let t = pan.translation(in: view), v = pan.velocity(in: view)
          if let trace = recorder.record(
            phase, translation: Vector2D(x: t.x, y: t.y), velocity: Vector2D(x: v.x, y: v.y),
            timestamp: CACurrentMediaTime())
          {
            encoder.encode(trace, into: &file)
          }
        }

        """, declaredStubs: ["UIKit", "QuartzCore"])
    let result = try SwiftTypechecker.typecheck(old)
    #expect(result.status != 0)
    #expect(result.output.contains("cannot find type 'UIPanGestureRecognizer' in scope"))
    #expect(result.output.contains("cannot find 'view' in scope"))
    #expect(result.output.contains("cannot find 'CACurrentMediaTime' in scope"))
  }

  /// In a view controller, the snippet's `var file = encoder.fileHeader()`
  /// is an instance member in a property initializer.
  @Test(.enabled(if: swiftcFound, "swiftc is not on the PATH"))
  func aPropertyInitializerCannotUseAnotherProperty() throws {
    let example = SwiftExample(
      file: "old", line: 1,
      code: """
        import GestureTrace
        import UIKit

        final class Recorder: UIViewController {
          let encoder = CSVTraceEncoder(columns: CSVColumns(velocity: true, location: true))
          var file = encoder.fileHeader()
        }

        """)
    let result = try SwiftTypechecker.typecheck(example)
    #expect(result.status != 0)
    #expect(
      result.output.contains("cannot use instance member 'encoder' within property initializer"))
  }

  /// The example apps of Examples/, one folder each.
  static let apps: [String] = {
    let examples = packageRoot.appendingPathComponent("Examples").path
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: examples)) ?? []
    return folders.filter { !swiftFiles(in: "Examples/" + $0).isEmpty }.sorted()
  }()

  /// The Swift files under a folder of the package, sorted.
  static func swiftFiles(in folder: String) -> [URL] {
    let root = packageRoot.appendingPathComponent(folder)
    let files =
      FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }.sorted() ?? []
    return files.map { root.appendingPathComponent($0) }
  }

  /// Every Swift file under Examples/ is in an app that type-checks, its
  /// files together, against GestureTrace and the stubs it imports.
  @Test(
    .enabled(if: swiftcFound, "swiftc is not on the PATH: the examples are not type-checked"),
    arguments: apps)
  func exampleAppTypeChecks(_ app: String) throws {
    let result = try SwiftTypechecker.typecheck(app: Self.swiftFiles(in: "Examples/" + app))
    #expect(result.status == 0, "Examples/\(app):\n\(result.output)")
    #expect(!result.output.contains("warning:"), "Examples/\(app):\n\(result.output)")
  }

  @Test func theExampleAppsAreFound() {
    #expect(Self.apps == ["SwiftUISheet", "UIKitSheet"])
    #expect(
      Self.apps.flatMap { Self.swiftFiles(in: "Examples/" + $0) }.count
        == Self.swiftFiles(in: "Examples").count)
  }

  // MARK: - Extraction

  @Test func markdownBlocksWithDirectives() {
    let text = """
      # Title

      ```swift
      import UIKit
      let a = 1
      ```

      <!-- typecheck: skip -->
      ```swift
      broken
      ```

      <!-- typecheck: stubs Hammer -->

      ```swift
      @testable import GestureTrace
      import XCTest
      ```

      <!-- typecheck: skip -->
      Text between the directive and the block cancels it.
      ```swift
      import QuartzCore
      ```
      ```sh
      swift test
      ```
      """
    let blocks = SwiftExample.blocks(inMarkdown: text, file: "R.md")
    #expect(blocks.map(\.line) == [3, 15, 22])
    #expect(blocks[0].code == "import UIKit\nlet a = 1\n")
    #expect(blocks[0].declaredStubs == nil)
    #expect(blocks[0].stubs(available: ["UIKit", "QuartzCore"]) == ["UIKit"])
    #expect(blocks[1].imports == ["GestureTrace", "XCTest"])
    #expect(blocks[1].stubs(available: ["UIKit", "QuartzCore"]) == ["Hammer"])
    #expect(blocks[2].stubs(available: ["UIKit", "QuartzCore"]) == ["QuartzCore"])
  }

  @Test func docCommentProgramsOnly() {
    let source = """
      /// A type.
      ///
      /// ```swift
      /// let fragment = Thing()
      /// ```
      ///
      /// ```swift
      /// import GestureTrace
      ///
      /// let whole = Thing()
      /// ```
      struct Thing {
        /// ```swift
        /// import UIKit
        ///   indented()
        /// ```
        func f() {}
      }
      """
    let blocks = SwiftExample.blocks(inDocComments: source, file: "T.swift")
    #expect(blocks.map(\.line) == [7, 13])
    #expect(blocks[0].code == "import GestureTrace\n\nlet whole = Thing()\n")
    #expect(blocks[1].code == "import UIKit\n  indented()\n")
  }
}
