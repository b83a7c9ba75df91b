import Foundation
import Testing

@testable import GestureTrace

/// The row scanner must give exactly what the general path gives on
/// random, odd and shipped files: the same traces, the same problems at
/// the same lines and columns, for any chunk sizes.
@Suite struct CSVRowScannerAgreementTests {
  /// The two ways to read rows.
  enum Reader: CaseIterable {
    case general, rowScanner
  }

  /// Decodes `bytes` pushed in chunks whose sizes cycle through `chunks`.
  static func decode(_ bytes: [UInt8], _ reader: Reader, chunks: [Int] = [1 << 30])
    -> [TraceFileItem]
  {
    var decoder = CSVTraceDecoder()
    decoder.scansRows = reader != .general
    var items: [TraceFileItem] = []
    bytes.withUnsafeBufferPointer { all in
      var start = 0
      var turn = 0
      while start < all.count {
        let end = min(start + chunks[turn % chunks.count], all.count)
        decoder.push(UnsafeBufferPointer(rebasing: all[start..<end])) { items.append($0) }
        start = end
        turn += 1
      }
    }
    decoder.finish { items.append($0) }
    return items
  }

  /// A file of `traces` random traces in the column order `columns`: each
  /// with a few metadata lines and rows whose numbers have 0 to 10 digits
  /// on each side of a point, signs, empty pairs; when `faults` is set,
  /// one row in about 40 is broken in one of the ways the fast paths leave
  /// to the general path (or report).
  static func randomFile(
    seed: UInt64, traces: Int, columns: String, faults: Bool, crlf: Bool = false
  ) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    func number(_ random: inout SplitMix64) -> String {
      let digits = "0123456789"
      let whole = Int.random(in: 1...(Bool.random(using: &random) ? 3 : 10), using: &random)
      let fraction = Int.random(in: 0...(Bool.random(using: &random) ? 2 : 10), using: &random)
      var text = Bool.random(using: &random) ? "-" : ""
      for _ in 0..<whole { text.append(digits.randomElement(using: &random)!) }
      if fraction > 0 {
        text += "."
        for _ in 0..<fraction { text.append(digits.randomElement(using: &random)!) }
      }
      return text
    }
    let pairs = columns.split(separator: ",").count / 2
    let faultsList = [
      "1e3", "+1", ".5", "5.", "--1", "1..2", " 1", "1 ", "\"1\"", "0x1", "1,2", "nan", "",
      "9999999999999999999", "1.5.5", "-", "1-", "12345678.9", "0.000000001",
    ]
    let newline = crlf ? "\r\n" : "\n"
    var text = "# gesturetrace: 1\ntrace,t,phase,tx,ty\(columns)\n"
    for serial in 0..<traces {
      let id = "t\(serial)" + String(repeating: "x", count: Int.random(in: 0...18, using: &random))
      for key in ["source", "seed", "kind"].prefix(Int.random(in: 0...3, using: &random)) {
        text += "# trace \(id) \(key): v\(serial % 5)\(newline)"
      }
      let rows = Int.random(in: 2...30, using: &random)
      // Nanoseconds as seconds with 0 to 9 decimals, the same in a trace
      // (times cut to fewer decimals could go back).
      let decimals = Int.random(in: 0...9, using: &random)
      var time = Int.random(in: 0...3, using: &random) == 0 ? -1_000_000 : 0
      for row in 0..<rows {
        time += Int.random(in: 0...20_000_000, using: &random)
        let phase =
          row == 0 ? "began" : row == rows - 1 ? ["ended", "cancelled"][row % 2] : "changed"
        let scale = Int(pow(10, Double(9 - decimals)))
        let ticks = time / scale
        var seconds = "\(abs(ticks))"
        if decimals > 0 {
          seconds = String(repeating: "0", count: max(0, decimals + 1 - seconds.count)) + seconds
          seconds.insert(".", at: seconds.index(seconds.endIndex, offsetBy: -decimals))
        }
        if ticks < 0 { seconds = "-" + seconds }
        var fields = [id, seconds, phase, number(&random), number(&random)]
        for _ in 0..<pairs {
          if Int.random(in: 0..<4, using: &random) == 0 {
            fields += ["", ""]
          } else {
            fields += [number(&random), number(&random)]
          }
        }
        if faults, Int.random(in: 0..<40, using: &random) == 0 {
          let field = Int.random(in: 1..<fields.count, using: &random)
          fields[field] = faultsList.randomElement(using: &random)!
        }
        text += fields.joined(separator: ",") + newline
      }
    }
    return Array(text.utf8)
  }

  static let columnOrders = ["", ",vx,vy", ",x,y", ",vx,vy,x,y"]

  /// Random files in each column order, read whole and in chunks of many
  /// sizes (down to 1 byte, and around the row scanner's 512-byte
  /// margin): both readers agree.
  @Test(arguments: columnOrders, [false, true])
  func randomFilesReadAlike(_ columns: String, _ faults: Bool) {
    for seed in 0..<4 as Range<UInt64> {
      let bytes = Self.randomFile(seed: seed, traces: 60, columns: columns, faults: faults)
      let general = Self.decode(bytes, .general)
      for chunks in [[1 << 30], [1], [7, 513], [511, 4096], [16_447, 64], [100_000, 3]] {
        #expect(Self.decode(bytes, .rowScanner, chunks: chunks) == general, "chunks \(chunks)")
      }
      if !faults {
        let traces = general.filter { if case .trace = $0 { true } else { false } }.count
        #expect(traces == 60)
      }
    }
  }

  /// Line ends of CR LF, in every column order.
  @Test(arguments: columnOrders)
  func crlfFilesReadAlike(_ columns: String) {
    let bytes = Self.randomFile(seed: 9, traces: 50, columns: columns, faults: true, crlf: true)
    let general = Self.decode(bytes, .general)
    #expect(Self.decode(bytes, .rowScanner) == general)
    #expect(Self.decode(bytes, .rowScanner, chunks: [333]) == general)
  }

  /// The shipped traces and the format's samples read alike both ways.
  @Test func shippedTracesReadAlike() throws {
    let folders = ["traces", "traces/samples"].map { packageRoot.appendingPathComponent($0) }
    var files: [URL] = []
    for folder in folders {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      files += names.filter { $0.hasSuffix(".csv") }.sorted().map {
        folder.appendingPathComponent($0)
      }
    }
    #expect(files.count >= 5)
    for file in files {
      let bytes = Array(try Data(contentsOf: file))
      let general = Self.decode(bytes, .general)
      #expect(Self.decode(bytes, .rowScanner) == general, "\(file.lastPathComponent)")
      #expect(
        Self.decode(bytes, .rowScanner, chunks: [4099]) == general, "\(file.lastPathComponent)")
    }
  }

  /// Rows whose separators are not where a row of the header's fields has
  /// them: short and long rows whose separators add up to a row's, a line
  /// break in place of a comma, quoted fields with commas, a comment
  /// between rows, a blank line, far from the end of the bytes.
  @Test(arguments: [
    "a,0,began\n0,0,1,2\na,1,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2,3,4\na,1\na,2,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2\n\"a\",0.5,changed,0,0,1,2\na,1,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2\na,0.5,changed,\"1,5\",0,1\na,1,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2\n# trace a k: v\na,1,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2\n\na,1,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2\n  \na,1,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2\na,1,ended,0,0,0,0\na,2,changed,0,0,0,0\n",
    "a,0,began,0,0,1,2\nb,0,began,0,0,1,2\nb,1,ended,0,0,0,0\na,1,ended,0,0,0,0\n",
    "a,0,began,0,0,1,2\na,1,ended,0,0,0,0,\n",
    "a,0,began,0,0,1,2\na,1,ended,0,0,0,0\r\r\n",
    "a,0,began,0,0,1,2\na,1,ended,0,0,0\r,0\n",
    "a,0,began,0,0,1,2\na,1,ended,-0,-0.0,0.5,-0\n",
    "a,0,began,0,0,1,2\na,1,ended,00000000,0.0000000,1234567.8,-12345678\n",
  ])
  func oddRowsReadAlike(_ rows: String) {
    let filler = (0..<40).map { "z,\($0),\($0 == 0 ? "began" : "changed"),0,\($0),1,2\n" }
    let text =
      "trace,t,phase,tx,ty,vx,vy\n" + filler.joined() + "z,40,ended,0,40,0,0\n" + rows
      + filler.joined().replacingOccurrences(of: "z,", with: "y,") + "y,40,ended,0,40,0,0\n"
    let bytes = Array(text.utf8)
    let general = Self.decode(bytes, .general)
    #expect(Self.decode(bytes, .rowScanner) == general)
    for chunk in [5, 64, 700, 1500] {
      #expect(Self.decode(bytes, .rowScanner, chunks: [chunk]) == general, "chunk \(chunk)")
    }
  }
}
