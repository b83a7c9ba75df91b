// Fuzz target: the terminal's SGR mouse decoder (see tools/fuzz).

/// Decodes the input whole and byte by byte and checks that both give the
/// same keys, reports and replies.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSGRMouse(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var whole = SGRMouseDecoder()
  var wholeOutput = whole.push(bytes)
  wholeOutput += whole.flush()
  var single = SGRMouseDecoder()
  var singleOutput: [TerminalInput] = []
  for byte in bytes { singleOutput += single.push(CollectionOfOne(byte)) }
  singleOutput += single.flush()
  Fuzz.require(wholeOutput == singleOutput, "chunking changed the input")
  Fuzz.require(!whole.hasPendingInput, "bytes held after flush")
  for case .mouse(let report) in wholeOutput {
    Fuzz.require(report.x >= 0 && report.y >= 0, "negative cell \(report)")
  }
  return 0
}
