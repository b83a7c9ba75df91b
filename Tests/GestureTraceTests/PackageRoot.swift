import Foundation

/// The package's root: the nearest folder above this file that holds
/// `Package.swift` (so a test file can move between folders).
let packageRoot: URL = {
  var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while url.path != "/"
    && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
  {
    url.deleteLastPathComponent()
  }
  return url
}()
