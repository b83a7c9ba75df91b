import GestureTrace

/// One finished gesture as the recording page sends it (`POST /gesture`),
/// read and checked: a client may send anything, so everything is bounded.
///
/// The body is text: six settings, one a line as `name value`, in any
/// order, then one sample a line as `time x y action`:
///
/// ```
/// page k3f9q2
/// pointer touch
/// capture pointer
/// scale 3
/// view 390 844
/// device Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) …
/// 1520.25 180 600 0
/// 1528.5 180 590.5 1
/// 1700 181 420 2
/// ```
///
/// A sample's time is the event's `timeStamp` in milliseconds (the page's
/// clock, which starts when the page loads), its position in CSS pixels
/// (points), its action 0 down, 1 move, 2 up, 3 cancel. A gesture is one
/// down, then moves, then an up or a cancel, in time order. `page` is a
/// random name the page picks when it loads: the gestures of one page
/// share its clock. `pointer` is the pointer type (`touch`, `pen`,
/// `mouse`), `capture` the events that saw it (`pointer` or `touch`),
/// `scale` the device pixel ratio and `view` the viewport in CSS pixels.
/// Lines end with a line feed or CR LF.
struct BrowserGesture: Sendable, Hashable {
  /// At most this many samples (some 80 s of a 240 Hz pointer).
  static let maximumSamples = 20_000
  /// The pointer types kept.
  static let pointerTypes = ["touch", "pen", "mouse"]
  /// The event kinds kept.
  static let captures = ["pointer", "touch"]
  /// The settings a body must give.
  static let settingNames = ["page", "pointer", "capture", "scale", "view", "device"]

  /// The name of the page load the gesture comes from.
  var page: String
  /// `touch`, `pen` or `mouse`.
  var pointerType: String
  /// `pointer` (Pointer Events) or `touch` (Touch Events).
  var capture: String
  /// The device pixel ratio.
  var scale: Double
  /// The viewport in CSS pixels.
  var view: Vector2D
  /// The browser's user agent, made a valid metadata value (empty when
  /// nothing is left).
  var device: String
  /// The samples: times on the page's clock, positions in CSS pixels.
  var samples: [PointerSample]

  /// Why a body is not a gesture.
  struct Problem: Error, Hashable {
    /// What was expected, and where.
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// Reads and checks a gesture.
  ///
  /// - Throws: ``Problem`` saying what was expected, and on which line.
  init(text body: [UInt8]) throws(Problem) {
    guard String(validating: body, as: UTF8.self) != nil else {
      throw Problem("Expected UTF-8 text.")
    }
    var settings: [String: String] = [:]
    var rows: [[Double]] = []
    // NB: split on bytes: a `Character` holds CR LF whole, so splitting the
    // text on "\n" left a body with CRLF line ends one line.
    let lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for (index, bytes) in lines.enumerated() {
      let line = String(
        decoding: bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes, as: UTF8.self)
      if line.isEmpty { continue }
      let number = index + 1
      if let first = line.utf8.first, (0x61...0x7A).contains(first) {
        guard rows.isEmpty else { throw Problem("Line \(number): expected a sample.") }
        let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard Self.settingNames.contains(name), settings[name] == nil, parts.count == 2 else {
          throw Problem(
            "Line \(number): expected one of \(Self.settingNames.joined(separator: ", ")), once each."
          )
        }
        settings[name] = String(parts[1])
        continue
      }
      guard rows.count < Self.maximumSamples else {
        throw Problem("Expected at most \(Self.maximumSamples) samples.")
      }
      let fields = line.split(separator: " ")
      let numbers = fields.compactMap { Double(decimalText: String($0)) }
      guard fields.count == 4, numbers.count == 4 else {
        throw Problem("Line \(number): expected a sample 'time x y action'.")
      }
      rows.append(numbers)
    }
    guard let page = settings["page"], let pointer = settings["pointer"],
      let capture = settings["capture"], let scaleText = settings["scale"],
      let viewText = settings["view"], let device = settings["device"]
    else {
      throw Problem("Expected the settings \(Self.settingNames.joined(separator: ", ")).")
    }
    guard !page.isEmpty, page.utf8.count <= 64,
      page.utf8.allSatisfy({ (0x61...0x7A).contains($0 | 0x20) || (0x30...0x39).contains($0) })
    else { throw Problem("Expected 'page' to be 1 to 64 letters and digits.") }
    guard Self.pointerTypes.contains(pointer) else {
      throw Problem("Expected 'pointer' to be touch, pen or mouse.")
    }
    guard Self.captures.contains(capture) else {
      throw Problem("Expected 'capture' to be pointer or touch.")
    }
    guard let scale = Double(decimalText: scaleText), scale > 0, scale <= 100 else {
      throw Problem("Expected 'scale' to be a number above 0 and at most 100.")
    }
    let view = viewText.split(separator: " ").compactMap { Double(decimalText: String($0)) }
    guard view.count == 2, view.allSatisfy({ $0 > 0 && $0 <= 100_000 }) else {
      throw Problem("Expected 'view' to be 'width height', each above 0.")
    }
    guard rows.count >= 2 else { throw Problem("Expected at least 2 samples.") }
    var samples: [PointerSample] = []
    samples.reserveCapacity(rows.count)
    for (index, numbers) in rows.enumerated() {
      samples.append(try Self.sample(numbers, index: index, of: rows.count))
      if index > 0, samples[index].time < samples[index - 1].time {
        throw Problem("Expected sample \(index + 1)'s time to be no earlier than the one before.")
      }
    }
    self.page = page
    pointerType = pointer
    self.capture = capture
    self.scale = scale
    self.view = Vector2D(x: view[0], y: view[1])
    self.device = Self.metadataValue(device)
    self.samples = samples
  }

  /// One sample `[time, x, y, action]`, in order: down first, up or cancel
  /// last, moves between.
  private static func sample(
    _ numbers: [Double], index: Int, of count: Int
  ) throws(Problem) -> PointerSample {
    guard numbers.allSatisfy(\.isFinite) else {
      throw Problem("Expected sample \(index + 1)'s numbers to be finite.")
    }
    guard (0...1e10).contains(numbers[0]) else {
      throw Problem("Expected sample \(index + 1)'s time to be 0 to 1e10 ms.")
    }
    guard abs(numbers[1]) <= 1e6, abs(numbers[2]) <= 1e6 else {
      throw Problem("Expected sample \(index + 1)'s position within 1e6 px.")
    }
    let actions: [Double: PointerAction] = [0: .down, 1: .move, 2: .up, 3: .cancel]
    guard let action = actions[numbers[3]] else {
      throw Problem("Expected sample \(index + 1)'s action to be 0, 1, 2 or 3.")
    }
    let expected: Set<PointerAction> =
      index == 0 ? [.down] : index == count - 1 ? [.up, .cancel] : [.move]
    guard expected.contains(action) else {
      throw Problem("Expected a down, then moves, then an up or a cancel.")
    }
    // NB: microseconds: browsers coarsen timestamps to 5–100 µs anyway.
    let time = TraceTime(nanoseconds: Int64((numbers[0] * 1_000).rounded()) * 1_000)
    return PointerSample(
      time: time, position: Vector2D(x: numbers[1], y: numbers[2]), action: action)
  }

  /// Text as a metadata value: at most 300 characters, line breaks and
  /// control characters as spaces, runs of spaces as one, no space at
  /// either end.
  static func metadataValue(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars.prefix(300) {
      scalars.append(TraceMetadata.isValidValue(String(scalar)) || scalar == " " ? scalar : " ")
    }
    let value = String(String(scalars).split(separator: " ").joined(separator: " "))
    return TraceMetadata.isValidValue(value) ? value : ""
  }
}
