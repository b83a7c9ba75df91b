extension Platform {
  /// Every byte of the file at `path`, read in chunks, or `nil` when it
  /// has more than `limit` (`/dev/zero` has no end).
  static func readFile(_ path: String, atMost limit: Int) throws(CommandError) -> [UInt8]? {
    var bytes: [UInt8] = []
    var tooLarge = false
    try readFile(path) { chunk in
      guard bytes.count + chunk.count <= limit else {
        tooLarge = true
        return false
      }
      bytes += chunk
      return true
    }
    return tooLarge ? nil : bytes
  }
}
