// Fuzz target: the raw pointer sample reader of `record --from csv` (see
// tools/fuzz).

/// Reads the input as raw CSV samples, whole and in two chunks, and checks
/// that both give the same gestures and that every gesture makes valid pans.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPointerSamples(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  func decode(_ cuts: [Int]) -> [PointerSampleItem] {
    var reader = PointerSampleReader()
    var items: [PointerSampleItem] = []
    var start = 0
    for cut in cuts + [bytes.count] {
      reader.push(UnsafeBufferPointer(rebasing: bytes[start..<cut])) { items.append($0) }
      start = cut
    }
    reader.finish { items.append($0) }
    return items
  }
  let whole = decode([])
  Fuzz.require(whole == decode([Fuzz.splitPoint(bytes)]), "chunking changed the gestures")
  for case .gesture(let gesture) in whole { Fuzz.checkSamples(gesture.samples) }
  return 0
}
