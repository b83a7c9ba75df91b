import Testing

@testable import GestureTraceCLI

@Suite struct HTMLTextTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("<script>&\"'", "&lt;script&gt;&amp;&quot;&#39;"),
    ("a & b < c", "a &amp; b &lt; c"),
    ("&amp;", "&amp;amp;"),
    ("tab\there", "tab\there"),
    ("bell\u{07}", "bell"),
    ("–→ü", "–→ü"),
  ])
  func escapesMarkupAndDropsControlCharacters(text: String, expected: String) {
    #expect(HTMLText.escaped(text) == expected)
  }
}
