/// The trace file formats: CSV (one row per event) and JSON Lines (one
/// trace per line).
public enum TraceFileFormat: String, Sendable, Hashable, CaseIterable {
  /// CSV, one row per event: `trace,t,phase,tx,ty[,vx,vy][,x,y]`.
  case csv
  /// JSON Lines, one trace object per line.
  case jsonl

  /// The format a path's extension names: `.csv`, or `.jsonl`, `.ndjson`
  /// and `.jsonlines`; `nil` for any other.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."),
      !path[dot...].contains("/")
    else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "csv": self = .csv
    case "jsonl", "ndjson", "jsonlines": self = .jsonl
    default: return nil
    }
  }

  /// The format that the start of a file looks like: JSON Lines when the
  /// first byte that is not white space or a byte-order mark is `{`.
  public init(sniffing bytes: some Collection<UInt8>) {
    var bytes = Array(bytes.prefix(4096))[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    self = first == UInt8(ascii: "{") ? .jsonl : .csv
  }

  /// A new decoder for the format.
  public func makeDecoder() -> any TraceDecoder {
    switch self {
    case .csv: return CSVTraceDecoder()
    case .jsonl: return JSONLinesDecoder()
    }
  }

  /// A new encoder for the format; `columns` applies to CSV only.
  public func makeEncoder(columns: CSVColumns) -> any TraceEncoder {
    switch self {
    case .csv: return CSVTraceEncoder(columns: columns)
    case .jsonl: return JSONLinesEncoder()
    }
  }
}
