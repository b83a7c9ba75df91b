// Fuzz target: the Android getevent log importer (see tools/fuzz).

/// Reads the input as a getevent log, whole and in two chunks, and checks
/// that both give the same touches and that every touch makes valid pans.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGetevent(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  func decode(_ cuts: [Int]) -> [DeviceLogItem] {
    var parser = GeteventLogParser()
    var items: [DeviceLogItem] = []
    var start = 0
    for cut in cuts + [bytes.count] {
      parser.push(UnsafeBufferPointer(rebasing: bytes[start..<cut])) { items.append($0) }
      start = cut
    }
    parser.finish { items.append($0) }
    return items
  }
  let whole = decode([])
  Fuzz.require(whole == decode([Fuzz.splitPoint(bytes)]), "chunking changed the touches")
  Fuzz.checkTouches(whole)
  return 0
}
