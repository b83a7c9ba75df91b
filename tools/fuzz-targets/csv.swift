// Fuzz target: the CSV trace reader (see tools/fuzz).

/// Reads the input as a CSV trace file, whole and in two chunks, and checks
/// that both give the same items and that every trace round-trips.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let whole = Fuzz.decode(bytes, cuts: []) { CSVTraceDecoder() }
  let split = Fuzz.decode(bytes, cuts: [Fuzz.splitPoint(bytes)]) { CSVTraceDecoder() }
  Fuzz.require(whole == split, "chunking changed the items")
  Fuzz.checkItems(whole, format: .csv)
  return 0
}
