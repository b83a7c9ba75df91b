// Compiled into every fuzz target together with the library sources (see
// tools/fuzz); not part of the package build.

/// Helpers shared by the fuzz targets.
enum Fuzz {
  /// Ends the run with `message` when `condition` is false; libFuzzer
  /// records the input as a crash.
  static func require(
    _ condition: Bool, _ message: @autoclosure () -> String,
    line: UInt = #line, file: StaticString = #fileID
  ) {
    if !condition { fatalError("invariant broken: \(message())", file: file, line: line) }
  }

  /// A split point chosen by the input itself, so that reading in two
  /// chunks is compared with reading in one at every position.
  static func splitPoint(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let first = bytes.first, bytes.count > 1 else { return 0 }
    return Int(first) * 7919 % bytes.count
  }

  /// The items a trace decoder produces from the bytes pushed in chunks
  /// ending at `cuts`.
  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, cuts: [Int], with decoder: () -> any TraceDecoder
  ) -> [TraceFileItem] {
    var decoder = decoder()
    var items: [TraceFileItem] = []
    var start = 0
    for cut in cuts + [bytes.count] where cut >= start {
      decoder.push(UnsafeBufferPointer(rebasing: bytes[start..<cut])) { items.append($0) }
      start = cut
    }
    decoder.finish { items.append($0) }
    return items
  }

  /// Checks what a trace decoder produced: every problem has a position
  /// and says what was expected, and every trace is valid and reads back
  /// the same after writing it in `format`.
  static func checkItems(_ items: [TraceFileItem], format: TraceFileFormat) {
    var traces: [Trace] = []
    for item in items {
      switch item {
      case .problem(let problem):
        require(problem.line >= 1 && problem.column >= 1, "position \(problem)")
        require(problem.message.hasPrefix("expected"), "message \(problem)")
        require(
          !problem.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
          "control character in \(problem)")
      case .trace(let trace, _):
        require(trace.violations.isEmpty, "invalid trace \(trace.violations)")
        traces.append(trace)
      }
    }
    guard !traces.isEmpty else { return }
    let encoder = format.makeEncoder(columns: CSVColumns(fitting: traces))
    var text = encoder.fileHeader()
    for trace in traces { encoder.encode(trace, into: &text) }
    var decoder = format.makeDecoder()
    let again = decoder.decode(text).compactMap { item -> Trace? in
      if case .trace(let trace, _) = item { return trace }
      return nil
    }
    require(again == traces, "round trip changed the traces")
  }

  /// Whether the text holds `nan` or `inf` (any case, `infinity` too) as a
  /// word: how Swift prints a non-finite double.
  static func spellsNonFinite(_ text: String) -> Bool {
    let letters = Array(text.lowercased().utf8)
    func isLetter(_ index: Int) -> Bool {
      index >= 0 && index < letters.count && letters[index] >= 0x61 && letters[index] <= 0x7A
    }
    for word in ["nan", "inf", "infinity"] {
      let pattern = Array(word.utf8)
      var start = 0
      while start + pattern.count <= letters.count {
        if letters[start..<start + pattern.count].elementsEqual(pattern), !isLetter(start - 1),
          !isLetter(start + pattern.count)
        {
          return true
        }
        start += 1
      }
    }
    return false
  }

  /// Checks a device log's touches: each starts with `down`, ends with
  /// `up` or `cancel`, never goes back in time, and makes valid pans.
  static func checkTouches(_ items: [DeviceLogItem]) {
    for item in items {
      guard case .touch(let touch) = item else { continue }
      checkSamples(touch.samples)
    }
  }

  /// Checks one gesture's samples and the pans they make.
  static func checkSamples(_ samples: [PointerSample]) {
    require(samples.first?.action == .down, "first sample is not down")
    require(
      samples.last?.action == .up || samples.last?.action == .cancel, "last sample is not up")
    for (earlier, later) in zip(samples, samples.dropFirst()) {
      require(earlier.time <= later.time, "time goes back: \(earlier.time) → \(later.time)")
    }
    for trace in PanRecognizer.traces(from: samples, recognizer: PanRecognizer(scale: 1)) {
      // NB: positions near the limits of Double make infinite velocities;
      // the recorder reports those pans instead of writing them.
      let kinds = Set(trace.violations.map(\.kind))
      require(kinds.isSubset(of: [.nonFiniteNumber]), "invalid pan \(trace.violations)")
    }
  }
}
