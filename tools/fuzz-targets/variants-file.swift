// Fuzz target: the variants-file reader (see tools/fuzz).

/// Parses the input as a variants file; when it parses, every set is
/// non-empty and every spec parses again from its own text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVariantsFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do throws(VariantError) {
    let sets = try VariantSets(parsing: text)
    Fuzz.require(!sets.sets.isEmpty, "no sets")
    for set in sets.sets {
      Fuzz.require(!set.variants.isEmpty, "empty set '\(set.name)'")
      for variant in set.variants {
        Fuzz.require((try? Variant(parsing: variant.spec)) == variant, "spec does not parse")
      }
    }
  } catch {
    Fuzz.require(
      !error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
      "control character in \(error)")
  }
  return 0
}
