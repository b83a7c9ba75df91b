import Foundation

/// A Swift code block of the README or of a doc comment, to type-check.
///
/// In Markdown, every ```` ```swift ```` block is one, unless the last
/// non-blank line before its fence is a directive:
/// - `<!-- typecheck: skip -->` leaves the block out;
/// - `<!-- typecheck: stubs A B -->` names the stub modules (in
///   `Tests/Stubs`) it is checked against, instead of those its imports name.
///
/// In the library's doc comments only whole programs are checked: blocks
/// with an `import` line (the others are fragments).
struct SwiftExample: Sendable, Hashable, CustomStringConvertible {
  /// The file, relative to the package root.
  var file: String
  /// The line of the opening fence, from 1.
  var line: Int
  /// The code, one string of lines each ending with a newline.
  var code: String
  /// The stub modules a directive named; `nil` when none did.
  var declaredStubs: [String]?

  var description: String { "\(file):\(line)" }

  /// The modules the code imports, in order.
  var imports: [String] {
    code.split(separator: "\n").compactMap { line in
      // NB: `import M` or `@attribute import M`.
      let words = line.split(separator: " ").drop(while: { $0.hasPrefix("@") })
      guard words.first == "import", words.count == 2 else { return nil }
      return String(words.last!)
    }
  }

  /// The stub modules to check the code against: the directive's, or
  /// those of its imports that `available` holds.
  func stubs(available: Set<String>) -> [String] {
    declaredStubs ?? imports.filter(available.contains)
  }

  /// The Markdown text's Swift blocks; `firstLine` is the text's first
  /// line number in `file`.
  static func blocks(inMarkdown text: String, file: String, firstLine: Int = 1) -> [SwiftExample] {
    var examples: [SwiftExample] = []
    var open: SwiftExample?
    var directive: Substring?
    var skip = false
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if var block = open {
        if line == "```" {
          if !skip { examples.append(block) }
          open = nil
        } else {
          block.code += raw + "\n"
          open = block
        }
        continue
      }
      if line == "```swift" {
        var stubs: [String]?
        skip = false
        if let directive {
          let words = directive.split(separator: " ").map(String.init)
          if words == ["skip"] { skip = true }
          if words.first == "stubs" { stubs = Array(words.dropFirst()) }
        }
        open = SwiftExample(file: file, line: firstLine + index, code: "", declaredStubs: stubs)
        directive = nil
      } else if line.hasPrefix("<!-- typecheck:"), line.hasSuffix("-->") {
        directive =
          line.dropFirst("<!-- typecheck:".count).dropLast("-->".count)
          .trimmingCharacters(in: .whitespaces)[...]
      } else if !line.isEmpty {
        directive = nil
      }
    }
    return examples
  }

  /// The whole programs among the doc comments' Swift blocks of a source
  /// file: the blocks with an `import` line.
  static func blocks(inDocComments source: String, file: String) -> [SwiftExample] {
    var examples: [SwiftExample] = []
    var comment: [Substring] = []
    var commentStart = 0
    func flush() {
      guard !comment.isEmpty else { return }
      examples += blocks(
        inMarkdown: comment.joined(separator: "\n"), file: file, firstLine: commentStart)
      comment = []
    }
    for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = raw.drop(while: { $0 == " " })
      guard trimmed.hasPrefix("///") else {
        flush()
        continue
      }
      if comment.isEmpty { commentStart = index + 1 }
      let text = trimmed.dropFirst(3)
      comment.append(text.first == " " ? text.dropFirst() : text)
    }
    flush()
    return examples.filter { !$0.imports.isEmpty }
  }

  /// The README's blocks, and the programs of the DocC articles and of the
  /// library's doc comments.
  static let all: [SwiftExample] = {
    var examples: [SwiftExample] = []
    let readme = packageRoot.appendingPathComponent("README.md")
    if let text = try? String(contentsOf: readme, encoding: .utf8) {
      examples += blocks(inMarkdown: text, file: "README.md")
    }
    // The DocC articles' programs: blocks with an `import` line.
    let catalog = "Sources/GestureTrace/GestureTrace.docc"
    let articles =
      (try? FileManager.default.contentsOfDirectory(
        atPath: packageRoot.appendingPathComponent(catalog).path))?
      .filter { $0.hasSuffix(".md") }.sorted() ?? []
    for name in articles {
      let url = packageRoot.appendingPathComponent(catalog + "/" + name)
      guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
      examples += blocks(inMarkdown: text, file: catalog + "/" + name).filter {
        !$0.imports.isEmpty
      }
    }
    let library = packageRoot.appendingPathComponent("Sources/GestureTrace")
    let files =
      FileManager.default.enumerator(atPath: library.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted() ?? []
    for path in files {
      let url = library.appendingPathComponent(path)
      guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
      examples += blocks(inDocComments: text, file: "Sources/GestureTrace/" + path)
    }
    return examples
  }()
}
