import Testing

@testable import GestureTrace

/// Broken transitions files are refused at the first problem, at its line
/// and column (in characters), as `expected …, found …`.
@Suite struct TransitionDeclarationErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let text: String
    let line: Int
    let column: Int
    let message: String
    var testDescription: String { message }
  }

  /// A file declaring `t` as `declaration`, on line 2 after `  "t": ` (so
  /// the declaration's n-th character is in column 7 + n).
  static func file(_ declaration: String) -> String {
    "{\"version\": 1, \"transitions\": {\n  \"t\": \(declaration)}}"
  }

  static let sheet = #"{"axis": "y", "stops": {"o": 0, "c": 1}"#

  static let cases: [Case] = [
    Case(
      text: #"{"version": 1,"#, line: 1, column: 15,
      message: "expected a string key after ',' in an object, found the end of the file"),
    Case(
      text: "[1]", line: 1, column: 1,
      message: "expected '{' to start a transitions object, found '['"),
    Case(
      text: #"{"version": 2, "transitions": {}}"#, line: 1, column: 13,
      message: "expected version 1, found 2 (written by a newer gesturetrace?)"),
    Case(
      text: #"{"version": "1", "transitions": {}}"#, line: 1, column: 13,
      message: "expected the version 1, found '1'"),
    Case(
      text: #"{"version": 1, "sets": {}}"#, line: 1, column: 16,
      message: "expected 'version' or 'transitions', found 'sets'"),
    Case(
      text: #"{"version": 1, "version": 1}"#, line: 1, column: 16,
      message: "expected each key once, found 'version' again"),
    Case(
      text: #"{"transitions": {"t": {}}}"#, line: 1, column: 1,
      message: "expected a 'version' member, found none"),
    Case(
      text: #"{"version": 1, "transitions": {}}"#, line: 1, column: 31,
      message: "expected at least one transition, found none"),
    Case(
      text: file(sheet + #", "color": 1}"#), line: 2, column: 49,
      message: "expected one of summary, source, axis, stops, start, rule, parameters, decideAt,"
        + " rubberBand, drag, settle, sources, alternatives, found 'color'"),
    Case(
      text: file(#"{"stops": {"o": 0, "c": 1}}"#), line: 2, column: 8,
      message: "expected an 'axis' member, found none"),
    Case(
      text: file(#"{"axis": "z", "stops": {"o": 0, "c": 1}}"#), line: 2, column: 17,
      message: "expected 'x' or 'y', found 'z'"),
    Case(
      text: file(#"{"axis": "y", "stops": {"o": 0, "c": 0}}"#), line: 2, column: 45,
      message: "expected a position no other stop has, found 0, the position of 'o'"),
    Case(
      text: file(#"{"axis": "y", "stops": {"o": 0}}"#), line: 2, column: 31,
      message: "expected at least two stops, found 1"),
    Case(
      text: file(#"{"axis": "y", "stops": [0, 1]}"#), line: 2, column: 31,
      message:
        #"expected an object of stop positions such as {"open": 0, "closed": 520}, found '[0, 1]'"#),
    Case(
      text: file(#"{"axis": "y", "stops": {"o": 0, "c": 1e7}}"#), line: 2, column: 45,
      message: "expected a position in points from -1000000 to 1000000, found '1e7'"),
    Case(
      text: file(#"{"axis": "y", "stops": {"o": 0, "complete": 1}}"#), line: 2, column: 40,
      message: "expected a stop name of at most 10 ASCII letters, digits, '-' and '_' starting"
        + " with a letter (not complete or cancel), found 'complete'"),
    Case(
      text: file(#"{"axis": "y", "stops": {"o": 0, "eleven-char": 1}}"#), line: 2,
      column: 40,
      message: "expected a stop name of at most 10 ASCII letters, digits, '-' and '_' starting"
        + " with a letter (not complete or cancel), found 'eleven-char'"),
    Case(
      text: file(#"{"axis": "y", "stops": {"o": 0, "rate": 1}}"#), line: 2, column: 40,
      message: "expected a stop name no parameter has, found 'rate'"),
    Case(
      text: file(#"{"axis": "y", "stops": {"o": 0, "o": 1}}"#), line: 2, column: 40,
      message: "expected each stop once, found 'o' again"),
    Case(
      text: file(sheet + #", "start": "m"}"#), line: 2, column: 58,
      message: "expected one of o, c, found 'm'"),
    Case(
      text: file(sheet + #", "rule": "fast"}"#), line: 2, column: 57,
      message: "expected one of "
        + DeclaredReleaseRules.available.map { $0.name }.joined(separator: ", ")
        + ", found 'fast'"),
    Case(
      text: file(#"{"axis": "y", "stops": {"a": 0, "b": 1, "c": 2}, "rule": "swipe"}"#),
      line: 2, column: 65,
      message: "expected one of nearest, projection, floating-panel, pan-modal, found 'swipe'"),
    Case(
      text: file(#"{"axis": "y", "stops": {"a": 0, "b": 1, "c": 2}, "decideAt": 5}"#),
      line: 2, column: 57, message: "expected 'decideAt' only with two stops, found 3 stops"),
    Case(
      text: file(sheet + #", "decideAt": -5}"#), line: 2, column: 61,
      message: "expected a distance in points from 0 to 1000000, found '-5'"),
    Case(
      text: file(sheet + #", "rubberBand": 1}"#), line: 2, column: 63,
      message: "expected true or false, found '1'"),
    Case(
      text: file(sheet + #", "rubberBand": true, "drag": "clamp"}"#), line: 2, column: 77,
      message: "expected 'follow' with 'rubberBand' true, found 'clamp'"),
    Case(
      text: file(sheet + #", "settle": {"response": 0.4, "duration": 1}}"#), line: 2,
      column: 77,
      message:
        "expected a spring (response, dampingRatio), a UIKit spring (duration, dampingRatio),"
        + " a curve (duration, curve, percentDriven) or a library's (library), found 'duration' with 'response'"
    ),
    Case(
      text: file(sheet + #", "settle": {"library": "floating-panel", "curve": "linear"}}"#),
      line: 2, column: 89,
      message:
        "expected a spring (response, dampingRatio), a UIKit spring (duration, dampingRatio),"
        + " a curve (duration, curve, percentDriven) or a library's (library), found 'curve' with 'library'"
    ),
    Case(
      text: file(sheet + #", "settle": {"duration": 0.5, "dampingRatio": 2}}"#), line: 2,
      column: 93,
      message: "expected a damping ratio from 0.01 to 1 for a UIKit spring, found '2'"),
    Case(
      text: file(sheet + #", "settle": {"duration": 1, "curve": "bounce"}}"#), line: 2,
      column: 84, message: "expected one of linear, easeIn, easeOut, easeInOut, found 'bounce'"),
    Case(
      text: file(sheet + #", "parameters": {"rate": 1.5}}"#), line: 2, column: 72,
      message: "expected a number from 0 to 0.9999, found '1.5'"),
    Case(
      text: file(sheet + #", "parameters": {"speed": 1}}"#), line: 2, column: 64,
      message: "expected one of settleResponse, settleDampingRatio, rate, found 'speed'"),
    Case(
      text: file(#"{"preset": "drawer"}"#), line: 2, column: 19,
      message: TransitionPresets.declarations.isEmpty
        ? "expected a preset (there are none), found 'drawer'"
        : "expected one of "
          + TransitionPresets.declarations.map(\.name).joined(separator: ", ")
          + ", found 'drawer'"),
    Case(
      text: "{\"version\": 1, \"transitions\": {\n  \"9t\": \(sheet)}}}", line: 2, column: 3,
      message: "expected a transition name of ASCII letters, digits and '-' starting with a letter,"
        + " found '9t'"),
    Case(
      text: "{\"version\": 1, \"transitions\": {\n  \"player-sheet\": \(sheet)}}}", line: 2,
      column: 3, message: "expected a name no other transition has, found 'player-sheet'"),
    Case(
      text: "{\"version\": 1, \"transitions\": {\n  \"t\": \(sheet)},\n  \"t\": \(sheet)}}}",
      line: 3, column: 3, message: "expected each transition once, found 't' again"),
    Case(
      text: file(#"{"preset": "side-menu", "parameters": {"open": 0}}"#), line: 2, column: 55,
      message: "expected a position no other stop has, found 0, the position of 'closed'"),
    Case(
      text: file(#"{"preset": "deck", "axis": "x"}"#), line: 2, column: 27,
      message: "expected one of preset, summary, source, parameters, sources, alternatives,"
        + " found 'axis'"),
    Case(
      text: file(#"{"preset": "deck", "parameters": {"start": "gone"}}"#), line: 2, column: 51,
      message: "expected one of presented, dismissed, found 'gone'"),
    Case(
      text: file(sheet + #", "alternatives": ["rule=projection", "rate=2"]}"#), line: 2,
      column: 85,
      message: "expected a valid variant setting, found 'rate=2': invalid value '2' for rate;"
        + " expected a number from 0 to 0.9999"),
    Case(
      text: file(sheet + #", "settle": {"response": 0.4, "percentDriven": true}}"#), line: 2,
      column: 77,
      message:
        "expected a spring (response, dampingRatio), a UIKit spring (duration, dampingRatio),"
        + " a curve (duration, curve, percentDriven) or a library's (library),"
        + " found 'percentDriven' with 'response'"),
    // Columns count characters: "é" is two bytes but one column.
    Case(
      text: file(#"{"summary": "é", "axis": "q"}"#), line: 2, column: 33,
      message: "expected 'x' or 'y', found 'q'"),
  ]

  @Test(arguments: cases)
  func aBrokenFileIsRefusedWhereItBreaks(_ item: Case) {
    var catalog = TransitionCatalog.builtIn
    do {
      try catalog.declare(parsing: item.text, file: "bad.json")
      Issue.record("accepted")
    } catch {
      #expect(error.line == item.line)
      #expect(error.column == item.column)
      #expect(error.message == item.message)
      #expect(error.description == "bad.json:\(item.line):\(item.column): \(item.message)")
    }
    #expect(catalog.names == TransitionCatalog.builtIn.names)
  }

  @Test func theLimitsAreEnforced() {
    let sheet = Self.sheet + "}"
    var catalog = TransitionCatalog.builtIn
    // 65 transitions, one a line from line 2: the 65th is on line 66.
    let many = (1...65).map { "  \"t\($0)\": \(sheet)" }.joined(separator: ",\n")
    #expect(
      throws: TransitionDeclarationError(
        file: "f", line: 66, column: 3, message: "expected at most 64 transitions, found 65")
    ) {
      try catalog.declare(parsing: "{\"version\": 1, \"transitions\": {\n\(many)}}", file: "f")
    }
    // 33 stops, one a line from line 3: the 33rd is on line 35.
    let stops = (1...33).map { "    \"s\($0)\": \($0)" }.joined(separator: ",\n")
    #expect(
      throws: TransitionDeclarationError(
        file: "f", line: 35, column: 5, message: "expected at most 32 stops, found 33")
    ) {
      try catalog.declare(
        parsing: "{\"version\": 1, \"transitions\": {\n  \"t\": {\"axis\": \"x\", \"stops\": {\n"
          + stops + "}}}}", file: "f")
    }
    let huge =
      Self.file(sheet) + String(repeating: " ", count: (1 << 20) - Self.file(sheet).utf8.count + 1)
    #expect(
      throws: TransitionDeclarationError(
        file: "f", line: 1, column: 1, message: "expected at most 1048576 bytes, found 1048577")
    ) {
      try catalog.declare(parsing: huge, file: "f")
    }
    #expect(catalog.names == TransitionCatalog.builtIn.names)
  }

  @Test func aFileIsAddedWholeOrNotAtAll() throws {
    var catalog = TransitionCatalog.builtIn
    let good = "{\"version\": 1, \"transitions\": {\"a\": \(Self.sheet)}, \"b\": \(Self.sheet)}}}"
    try catalog.declare(parsing: good, file: "good.json")
    #expect(catalog.names == TransitionCatalog.builtIn.names + ["a", "b"])
    // Declaring `a` again clashes: nothing of the second file is added.
    let again = "{\"version\": 1, \"transitions\": {\"c\": \(Self.sheet)}, \"a\": \(Self.sheet)}}}"
    #expect(throws: TransitionDeclarationError.self) {
      try catalog.declare(parsing: again, file: "again.json")
    }
    #expect(catalog.names == TransitionCatalog.builtIn.names + ["a", "b"])
  }

  @Test func everyPrefixOfAFileIsRefusedAtAPlaceInIt() throws {
    // The presets' texts cut short anywhere: an error inside the text, no
    // crash; the whole text is accepted (in a catalog without the presets).
    for preset in TransitionPresets.texts {
      let lines = preset.text.split(separator: "\n", omittingEmptySubsequences: false)
      var prefix = ""
      for character in preset.text.dropLast() {
        prefix.append(character)
        var catalog = try TransitionCatalog([])
        do {
          try catalog.declare(parsing: prefix, file: "cut.json")
          Issue.record("accepted a prefix of \(preset.file)")
        } catch {
          #expect(error.line >= 1 && error.line <= lines.count)
          #expect(error.column >= 1 && error.column <= lines[error.line - 1].count + 1)
        }
      }
      var catalog = try TransitionCatalog([])
      try catalog.declare(parsing: preset.text, file: "whole.json")
      #expect(catalog.names.count == 1)
    }
  }
}
