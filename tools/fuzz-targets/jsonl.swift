// Fuzz target: the JSON Lines trace reader (see tools/fuzz).

/// Reads the input as a JSON Lines trace file, whole and in two chunks, and
/// checks that both give the same items and that every trace round-trips.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLines(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let whole = Fuzz.decode(bytes, cuts: []) { JSONLinesDecoder() }
  let split = Fuzz.decode(bytes, cuts: [Fuzz.splitPoint(bytes)]) { JSONLinesDecoder() }
  Fuzz.require(whole == split, "chunking changed the items")
  Fuzz.checkItems(whole, format: .jsonl)
  return 0
}
