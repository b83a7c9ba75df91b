import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// `export` writes strings from input (the input's path, trace ids,
/// metadata values, variant specs) into generated Swift: each is escaped
/// for where it lands, so no input can end a comment and add code
/// (issue 29). Input text lands in `//` and `///` comments and in test
/// names only; the generated files are type-checked with hostile values.
@Suite struct ExportEscapingTests {
  /// Text that ends a `//` comment and compiles a function if written raw.
  static let injection = "x\n}\nfunc injected() { fatalError() }\n// "

  /// Hostile strings and how they read in a comment, escaped by hand.
  @Test(arguments: [
    (injection, #"x\u000a}\u000afunc injected() { fatalError() }\u000a// "#),
    ("a\r}b", #"a\u000d}b"#),
    ("a\r\nb", #"a\u000d\u000ab"#),
    ("ab\u{1B}[31mred", #"ab\u001b[31mred"#),
    ("nul\u{0}", #"nul\u0000"#),
    ("nel\u{85}next", #"nel\u0085next"#),
    ("ls\u{2028}ps\u{2029}", #"ls\u2028ps\u2029"#),
    (
      "rlo\u{202E}lri\u{2066}pdi\u{2069}lrm\u{200E}alm\u{61C}",
      #"rlo\u202elri\u2066pdi\u2069lrm\u200ealm\u061c"#
    ),
    ("*/ /* \\( \"q\" é", "*/ /* \\( \"q\" é"),
  ])
  func commentTextHasNoLineEndsControlsOrHiddenFormatting(_ text: String, _ expected: String) {
    let escaped = SwiftLiteral.comment(text)
    #expect(escaped == expected)
    #expect(
      !escaped.unicodeScalars.contains {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x2028...0x202E).contains($0.value)
          || (0x2066...0x2069).contains($0.value)
      })
  }

  @Test func testNamesAreIdentifiersDistinctAndBounded() {
    let ids = [
      "class", "func", "a*/b", "a\\(b)", "a\"b\"", "\u{202E}evil", "a_b", "a-b", "testTrace_a",
      String(repeating: "z", count: 5_000), String(repeating: "z", count: 5_001), "é", "ü",
    ]
    let names = SwiftLiteral.testNames(ids)
    #expect(Set(names).count == ids.count)
    for name in names {
      #expect(name.hasPrefix("testTrace_"))
      #expect(
        name.unicodeScalars.allSatisfy {
          $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
        })
      #expect(name.count <= "testTrace_".count + SwiftLiteral.longestNamePart + 4)
    }
    #expect(names[0] == "testTrace_class")
    #expect(names[2] == "testTrace_a__b")
    #expect(names[11] == "testTrace__" && names[12] == "testTrace___2")
  }

  /// A JSON Lines trace file with hostile ids and metadata values: each id
  /// is valid (no white space or control character) yet full of Swift
  /// syntax and bidirectional overrides; metadata values hold the same.
  static let hostileTraces: String = {
    let ids = [
      #"a*/}injected(){}/*"#, #"b\\(injected())\""#, "c\u{202E}}injected", "class",
    ]
    let value = #"v */ } func injected() { } \\(x) \" \u202e"#
    return ids.map { id in
      #"{"id":"\#(id)","meta":{"target":"\#(value)","intent":"\#(value)"},"events":["#
        + #"{"t":0,"phase":"began","tx":0,"ty":10,"x":200,"y":410},"#
        + #"{"t":0.1,"phase":"changed","tx":0,"ty":60,"x":200,"y":460},"#
        + #"{"t":0.2,"phase":"ended","tx":0,"ty":110,"vx":0,"vy":900,"x":200,"y":510}]}"#
    }.joined(separator: "\n") + "\n"
  }()

  /// A file in a folder whose name holds a line feed, a carriage return,
  /// ESC, a line separator, quotes, `*/` and `\(`: each ends a comment, moves
  /// the terminal or breaks a literal if written raw.
  private func hostileFile(_ text: String) throws -> String {
    let folder = try temporaryDirectory().appendingPathComponent(
      "p\(Self.injection)\r}\nfunc injected2() {}\u{1B}[2J\u{2028}\"q\" */ \\(x)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("t\nfunc injected3() {}.jsonl").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Whether every line holding input text (`injected`) is a comment or
  /// a test's declaration (whose name keeps the id's letters).
  private func inputOnlyInComments(_ source: String) -> Bool {
    source.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { line in
      let code = line.drop { $0 == " " }
      let name = code.dropFirst(5).prefix { $0 != "(" }
      return !line.contains("injected") || code.hasPrefix("//")
        || (code == "func \(name)() throws {" && name.hasPrefix("testTrace_")
          && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    }
  }

  @Test(arguments: ["hammer", "xcuitest"])
  func hostilePathsIdsAndMetadataStayInCommentsAndTheFileTypeChecks(_ framework: String) throws {
    let path = try hostileFile(Self.hostileTraces)
    let result = run(["export", path, "--to", framework, "--variant", "lyrics-swap"])
    #expect(result.exitCode == .success, "\(result.error)")
    let source = result.output
    #expect(source.components(separatedBy: "func testTrace_").count - 1 == 4)
    #expect(source.contains("func testTrace_class() throws {"))
    #expect(inputOnlyInComments(source), "\(source)")
    // Only line feeds end lines; no ESC, CR or separator reaches the file.
    #expect(
      !source.unicodeScalars.contains {
        ($0.value < 0x20 && $0 != "\n") || $0.value == 0x2028 || $0.value == 0x202E
      })
    #expect(source.contains(#"px\u000a}\u000afunc"#))
    #expect(source.contains(#"\u001b[2J\u2028"#))
    #expect(source.contains(#"Trace 'c\u202e}injected'"#))
    let problems = SwiftTypecheck.problems(in: source)
    #expect(problems == nil, "\(problems ?? "")")
  }

  @Test func messagesQuotePathsAndIdsEscaped() throws {
    let path = try hostileFile(Self.hostileTraces)
    let missing = run(["export", path, "--trace", "no\n\u{1B}[2Jpe"])
    #expect(missing.exitCode == .usage)
    let firstLine = try #require(missing.error.split(separator: "\n").first)
    #expect(firstLine.hasPrefix(#"Error: No trace 'no\u000a\u001b[2Jpe' in '"#), "\(missing.error)")
    #expect(firstLine.contains(#"px\u000a}\u000afunc injected() { fatalError() }\u000a// "#))
    #expect(firstLine.contains(#"t\u000afunc injected3() {}.jsonl'; it has 4 traces"#))
    #expect(!missing.error.contains("\u{1B}"))
    // A bad --start is quoted escaped, on one line.
    let start = run(["export", path, "--start", "1,\n\u{1B}[2J2"])
    #expect(start.exitCode == .usage)
    #expect(
      start.error.hasPrefix(
        #"Error: The value '1,\u000a\u001b[2J2' is invalid for '--start <x,y>'."#))
    // A trace without locations names its id escaped.
    let noLocations =
      #"{"id":"n\u202e","events":[{"t":0,"phase":"began","tx":0,"ty":0},"#
      + #"{"t":0.1,"phase":"ended","tx":0,"ty":50}]}"# + "\n"
    let other = try hostileFile(noLocations)
    let refused = run(["export", other])
    #expect(refused.exitCode == .usage)
    #expect(refused.error.hasPrefix("Error: Trace 'n\u{202E}' has no locations"))
    let empty = try hostileFile("")
    let none = run(["export", empty])
    #expect(none.exitCode == .dataError)
    #expect(none.error.hasPrefix(#"Error: '"#) && none.error.contains(#"\u000afunc injected3"#))
    #expect(none.error.split(separator: "\n").count == 1, "\(none.error)")
    // A problem in the file is placed with the path escaped.
    let bad = try hostileFile(#"{"id":"a b","events":[]}"# + "\n")
    let problem = run(["export", bad])
    #expect(problem.exitCode == .dataError)
    #expect(problem.error.contains(#"\u000afunc injected3() {}.jsonl:1:"#), "\(problem.error)")
    #expect(problem.error.split(separator: "\n").count == 1, "\(problem.error)")
  }
}
