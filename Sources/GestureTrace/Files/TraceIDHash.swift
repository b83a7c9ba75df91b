/// The 64-bit FNV-1a hash of a trace id's UTF-8 bytes.
///
/// Readers remember the ids they have finished by it (``IDHashSet``),
/// `analyze` and `convert` check with it that no two pieces of a file hold
/// one trace, and sweeps' folds, perturbations and decision-map sampling
/// derive their per-trace choices from it, so those stay the same on every
/// platform and in every order the traces are read.
package enum TraceIDHash {
  /// The hash of an id's bytes.
  package static func of(_ bytes: [UInt8]) -> UInt64 {
    fnv1a(bytes)
  }

  /// The hash of an id's UTF-8 bytes, read from the string in place.
  // NB: a copy of the bytes into an array for every trace cost more than
  // the hash.
  package static func of(_ id: String) -> UInt64 {
    fnv1a(id.utf8)
  }

  /// The hash of an id's bytes in a line.
  static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    fnv1a(bytes)
  }

  @inline(__always)
  private static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
