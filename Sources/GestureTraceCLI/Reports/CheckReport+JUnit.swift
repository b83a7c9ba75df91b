import GestureTrace

extension CheckReport {
  /// The report as JUnit XML: one test suite per variant, one test case
  /// per trace in it, and a failure for each changed decision carrying its
  /// reason.
  ///
  /// ```xml
  /// <testsuites name="gesturetrace check" tests="4" failures="1" errors="0" skipped="0">
  ///   <testsuite name="lyrics-swap" tests="2" failures="1" errors="0" skipped="0">
  ///     <testcase name="g1" classname="lyrics-swap"/>
  ///     <testcase name="g2" classname="lyrics-swap">
  ///       <failure message="expected complete, now cancel" type="changed decision">…</failure>
  ///     </testcase>
  /// ```
  ///
  /// The elements and attributes are those of the JUnit schema Jenkins,
  /// GitLab, GitHub Actions reporters and Xcode Cloud read
  /// (`testsuites` > `testsuite` > `testcase` > `failure`); no timestamps
  /// or durations, so the same input gives the same bytes.
  // NB: a `*` cell is a passing test case with a `system-out` saying so,
  // and what the variant decides now.
  func junit() -> String {
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"gesturetrace check\" tests=\"\(decisionCount)\" "
    xml += "failures=\"\(changedCount)\" errors=\"0\" skipped=\"0\">\n"
    for (index, variant) in variants.enumerated() {
      let name = HTMLText.escaped(variant.spec)
      let failures = traces.filter { $0.isChanged(index) }.count
      xml += "  <testsuite name=\"\(name)\" tests=\"\(traces.count)\" failures=\"\(failures)\" "
      xml += "errors=\"0\" skipped=\"0\">\n"
      for trace in traces {
        xml += "    <testcase name=\"\(HTMLText.escaped(trace.id))\" classname=\"\(name)\""
        if trace.isChanged(index) {
          let message = "expected \(trace.expected[index].text), now \(trace.now[index])"
          xml += ">\n      <failure message=\"\(HTMLText.escaped(message))\" "
          xml += "type=\"changed decision\">"
          xml += HTMLText.escaped(
            "\(trace.id) under \(variant.spec): \(message), line \(trace.line) of \(table)"
              + (trace.reasons[index].map { ". " + $0.text } ?? ""))
          xml += "</failure>\n    </testcase>\n"
        } else if trace.expected[index] == .any {
          xml += ">\n      <system-out>either outcome accepted ('*'); now "
          xml += "\(HTMLText.escaped(trace.now[index].description))</system-out>\n"
          xml += "    </testcase>\n"
        } else {
          xml += "/>\n"
        }
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }
}
