extension Double {
  /// The number's text in trace files: the shortest text that reads back
  /// to the same value, without a trailing `.0` (`0`, `-0`, `0.4`, `1092`,
  /// `1e-05`, `1.5e+300`, `nan`).
  ///
  /// The string of the bytes ``ByteText/writeShortest(_:to:)`` writes, the
  /// one printer of numbers for trace files; reports print numbers as
  /// ``reportText`` does.
  var shortestDescription: String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ByteText.numberCapacity) { buffer in
      let count = ByteText.writeShortest(self, to: buffer.baseAddress!)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }
}
