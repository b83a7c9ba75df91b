// Lists the public symbols of a symbol graph that have no doc comment, for
// tools/docs.
//
//   docs-coverage SYMBOL-GRAPH-DIR [PACKAGE-ROOT]
//
// Reads every *.symbols.json in the directory (swift-symbolgraph-extract
// -minimum-access-level public). A symbol with a source location was
// declared in the package and must have a doc comment; it is reported as
// `path:line: undocumented public KIND NAME`. A symbol without one was made
// by the compiler (Codable's init(from:), RawRepresentable's init(rawValue:),
// Hashable's hashValue) or inherited from the standard library: it cannot
// carry a comment of its own and is only counted. Exits 1 when any declared
// symbol is undocumented, 0 otherwise.
import Foundation

struct SymbolGraph: Decodable {
  struct Symbol: Decodable {
    struct Kind: Decodable { var displayName: String }
    struct Location: Decodable {
      struct Position: Decodable { var line: Int }
      var uri: String
      var position: Position
    }
    struct DocComment: Decodable {
      struct Line: Decodable { var text: String }
      var lines: [Line]
    }
    var kind: Kind
    var pathComponents: [String]
    var accessLevel: String
    var location: Location?
    var docComment: DocComment?
  }
  var symbols: [Symbol]
}

let arguments = CommandLine.arguments.dropFirst()
guard let directory = arguments.first else {
  FileHandle.standardError.write(Data("usage: docs-coverage SYMBOL-GRAPH-DIR [PACKAGE-ROOT]\n".utf8))
  exit(64)
}
let root = URL(fileURLWithPath: arguments.dropFirst().first ?? ".").standardizedFileURL.path + "/"

var declared = 0
var synthesized = 0
var undocumented: [String] = []
let files = try FileManager.default.contentsOfDirectory(atPath: directory)
  .filter { $0.hasSuffix(".symbols.json") }.sorted()
guard !files.isEmpty else {
  FileHandle.standardError.write(Data("docs-coverage: no *.symbols.json in \(directory)\n".utf8))
  exit(66)
}
for file in files {
  let data = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(file))
  let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
  for symbol in graph.symbols where symbol.accessLevel == "public" || symbol.accessLevel == "open" {
    guard let location = symbol.location else {
      synthesized += 1
      continue
    }
    declared += 1
    let text = symbol.docComment?.lines.map(\.text).joined() ?? ""
    guard text.allSatisfy(\.isWhitespace) else { continue }
    var path = URL(string: location.uri)?.path ?? location.uri
    if path.hasPrefix(root) { path.removeFirst(root.count) }
    undocumented.append(
      "\(path):\(location.position.line + 1): undocumented public "
        + "\(symbol.kind.displayName.lowercased()) \(symbol.pathComponents.joined(separator: "."))")
  }
}
for line in undocumented.sorted() { print(line) }
print(
  "\(declared) public symbols declared, \(declared - undocumented.count) documented, "
    + "\(undocumented.count) undocumented; \(synthesized) more made by the compiler or "
    + "inherited (not checked).")
exit(undocumented.isEmpty ? 0 : 1)
