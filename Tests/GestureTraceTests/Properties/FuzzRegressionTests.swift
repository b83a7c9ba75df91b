import Testing

@testable import GestureTrace

/// Inputs the fuzzers (tools/fuzz) found breaking an invariant, kept as
/// tests once fixed.
@Suite struct FuzzRegressionTests {
  static func items(_ bytes: [UInt8], _ format: TraceFileFormat) -> [String] {
    var decoder = format.makeDecoder()
    var items: [String] = []
    bytes.withUnsafeBufferPointer { decoder.push($0) { items.append("\($0)") } }
    decoder.finish { items.append("\($0)") }
    return items.map { item in
      // `.problem(3:4: …)` or `.trace(…)`, without the payload's type name.
      item.hasPrefix("problem(") ? String(item.dropFirst(8).dropLast()) : "trace"
    }
  }

  @Test func csvMetadataValueWithACarriageReturnSpoilsItsTrace() {
    // csv target, 72,441 runs: '# trace c device: x\r \r\n' kept 'x\r' as
    // the value; written back and read again it became 'x'. A value with a
    // control character now breaks the rule as JSON Lines says; the value
    // starts after '# trace c device: ' (18 bytes).
    let text = "trace,t,phase,tx,ty\n# trace c device: x\r \r\nc,0,began,0,0\nc,1,ended,0,0\n"
    #expect(
      Self.items(Array(text.utf8), .csv) == [
        "2:19: expected a metadata value on one line without leading or trailing spaces, "
          + "found 'x\\r'"
      ])
  }

  @Test func csvMetadataLinesMustBeUTF8AndWithoutControlCharacters() {
    // '# source: ' is 10 bytes; '# trace g1 device: ' is 19.
    let bytes =
      Array("# source: a\u{1}b\ntrace,t,phase,tx,ty\n# trace g1 device: ".utf8) + [0xFF]
      + Array("\ng1,0,began,0,0\ng1,1,ended,0,0\ng2,0,began,0,0\ng2,1,ended,0,0\n".utf8)
    #expect(
      Self.items(bytes, .csv) == [
        "1:11: expected a metadata value on one line without leading or trailing spaces, "
          + "found 'a\\u0001b'",
        "3:20: expected valid UTF-8, found byte 0xFF",
        "trace",
      ])
  }

  @Test func savedCrashInputIsReportedAtEachPlace() {
    // The whole input the csv target saved, byte for byte.
    let crash: [UInt8] = [
      0xef, 0xbb, 0xbf, 0x74, 0x78, 0x2c, 0x74, 0x79, 0x2c, 0x22, 0x74, 0x72, 0x61, 0x63, 0x65,
      0x22, 0x2c, 0x70, 0x68, 0x61, 0x73, 0x65, 0x2c, 0x74, 0x2c, 0x78, 0x2c, 0x79, 0x0d, 0x0a,
      0x2b, 0x31, 0x0e, 0x2c, 0x2e, 0x35, 0x65, 0x31, 0x2c, 0x22, 0x61, 0x2c, 0x22, 0x22, 0x62,
      0x22, 0x2c, 0x62, 0x65, 0x67, 0x61, 0x6e, 0x2c, 0x30, 0x2c, 0x2c, 0x0d, 0x0a, 0x32, 0x2c,
      0x33, 0x2c, 0x22, 0x61, 0x2c, 0x22, 0x22, 0x62, 0x22, 0x2c, 0x66, 0x61, 0x39, 0x69, 0x6c,
      0x65, 0x64, 0x2c, 0x30, 0x2e, 0x35, 0x2c, 0x2c, 0x0d, 0x0a, 0x23, 0x20, 0x74, 0x72, 0x61,
      0x63, 0x65, 0x20, 0x63, 0x20, 0x64, 0x65, 0x76, 0x69, 0x63, 0x65, 0x3a, 0x20, 0x78, 0x0d,
      0x20, 0x0a, 0x30, 0x2c, 0x30, 0x2c, 0x63, 0x2c, 0x62, 0x65, 0x67, 0x61, 0x6e, 0x2c, 0x31,
      0x2c, 0x31, 0x2c, 0x31, 0x0d, 0x0a, 0x30, 0x2c, 0x30, 0x2c, 0x63, 0x2c, 0x65, 0x6e, 0x64,
      0x65, 0x64, 0x2c, 0x31, 0x2c, 0x31, 0x2c, 0x31,
    ]
    // Line 2 has tx '+1\u{e}'; line 3 the phase 'fa9iled' after
    // '2,3,"a,""b",' (12 bytes); line 4 the value 'x\r' of trace c.
    #expect(
      Self.items(crash, .csv) == [
        "2:1: expected a finite number for 'tx', found '+1\\u000e'",
        "3:13: expected a phase ('began', 'changed', 'ended' or 'cancelled'), found 'fa9iled'",
        "4:19: expected a metadata value on one line without leading or trailing spaces, "
          + "found 'x\\r'",
      ])
  }
}
