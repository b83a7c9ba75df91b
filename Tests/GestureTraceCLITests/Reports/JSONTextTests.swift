import Testing

@testable import GestureTraceCLI

@Suite struct JSONTextTests {
  /// Strings come out as `jsonString(_:)` writes them, on the plain path
  /// and on the escaping one.
  @Test(arguments: [
    "plain", "", "with \"quotes\"", "back\\slash", "line\nbreak", "tab\t", "bell\u{07}",
    "–→ü", "s000001",
  ])
  func stringsAreEscapedAsJSONString(_ text: String) {
    var json = JSONText()
    json.string(text)
    #expect(json.text == jsonString(text))
  }

  /// Separators go between values only, a line-breaking array puts its
  /// items on lines of their own (and stays `[]` when empty), and a
  /// line-breaking object does not break after `{`.
  @Test func nestsContainersWithTheirSeparators() {
    var json = JSONText()
    json.object(breaksLines: true) { json in
      json.key("a")
      json.integer(1)
      json.key("b")
      json.array(breaksLines: true) { json in
        json.object { json in
          json.key("x")
          json.number(0.5)
          json.key("y")
          json.number(nil)
        }
        json.array { json in
          json.number(2.0)
          json.number(.infinity)
          json.literal("0.25")
        }
      }
      json.key("c")
      json.array(breaksLines: true) { _ in }
      json.key("d")
      json.vector(nil)
      json.key("e")
      json.string(nil)
    }
    json.newline()
    // Written out by hand from the rules above.
    let expected =
      "{\"a\":1,\n\"b\":[\n{\"x\":0.5,\"y\":null},\n[2,null,0.25]\n],\n\"c\":[],\n"
      + "\"d\":null,\n\"e\":null}\n"
    #expect(json.text == expected)
  }
}
