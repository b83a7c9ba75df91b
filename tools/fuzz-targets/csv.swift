// Fuzz target: the CSV trace reader (see tools/fuzz).

/// Reads the input as a CSV trace file, whole and in two chunks, and with
/// the one-pass row and metadata paths turned off, and checks that all give
/// the same items and that every trace round-trips.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let whole = Fuzz.decode(bytes, cuts: []) { CSVTraceDecoder() }
  let split = Fuzz.decode(bytes, cuts: [Fuzz.splitPoint(bytes)]) { CSVTraceDecoder() }
  Fuzz.require(whole == split, "chunking changed the items")
  let general = Fuzz.decode(bytes, cuts: []) { () -> CSVTraceDecoder in
    var decoder = CSVTraceDecoder()
    decoder.scansRows = false
    return decoder
  }
  Fuzz.require(whole == general, "the one-pass paths read differently from the general one")
  Fuzz.checkItems(whole, format: .csv)
  return 0
}
