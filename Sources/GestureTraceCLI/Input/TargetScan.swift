import GestureTrace

/// Finds the transitions that trace files' gestures were made for (their
/// `target` metadata) before they are analyzed, so that `analyze` with no
/// `--variant` can choose the variants to compare.
///
/// NB: a byte search for `target` over each file (memmem touches the bytes
/// at memory speed, a small part of what analyzing them costs), keeping the
/// names that follow it as a CSV metadata entry (`target: NAME`) or a JSON
/// member (`"target":"NAME"`) and name a transition. Text elsewhere that
/// happens to read like that (a trace id, a tag's value) can only add a
/// transition's variants to the report, never change a score.
enum TargetScan {
  /// The names of `catalog`'s transitions found in the files, or in the
  /// first `prefixBytes` of each; standard input (`-`) is not scanned,
  /// since it can be read only once.
  static func targets(
    in files: [String], prefixBytes: Int = .max, catalog: TransitionCatalog = .builtIn
  ) throws(CommandError) -> Set<String> {
    let names = Set(catalog.names)
    var found = Set<String>()
    for path in files where path != "-" {
      // NB: the last bytes of each chunk are kept and searched again with
      // the next, so an entry split between two reads is still found.
      var carry: [UInt8] = []
      var read = 0
      try Platform.readFile(path) { chunk in
        read += chunk.count
        var bytes = carry
        bytes.append(contentsOf: chunk)
        bytes.withUnsafeBufferPointer { buffer in
          scan(buffer, names: names, into: &found)
        }
        carry = Array(bytes.suffix(overlap))
        return found.count < names.count && read < prefixBytes
      }
    }
    return found
  }

  /// Longer than `target` and its separator and the longest name.
  private static let overlap = 64

  private static func scan(
    _ buffer: UnsafeBufferPointer<UInt8>, names: Set<String>, into found: inout Set<String>
  ) {
    var start = 0
    while let offset = Platform.firstOffset(of: "target", in: buffer, from: start) {
      start = offset + 6
      var index = start
      // `: `, `":"`, `" : "`: quotes, spaces and one colon.
      var colons = 0
      while index < buffer.count,
        buffer[index] == 0x22 || buffer[index] == 0x20 || buffer[index] == 0x3A
      {
        if buffer[index] == 0x3A { colons += 1 }
        index += 1
      }
      guard colons == 1 else { continue }
      let first = index
      while index < buffer.count, index - first <= 40, isNameByte(buffer[index]) { index += 1 }
      guard index < buffer.count, index > first else { continue }
      let name = String(
        decoding: UnsafeBufferPointer(rebasing: buffer[first..<index]), as: UTF8.self)
      if names.contains(name) { found.insert(name) }
    }
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
      || (byte >= 0x41 && byte <= 0x5A)
  }
}
