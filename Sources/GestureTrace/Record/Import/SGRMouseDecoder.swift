/// A streaming decoder of what a terminal sends in mouse-tracking mode:
/// SGR mouse reports, typed keys, and the replies to the recorder's queries.
///
/// Push bytes as they are read, in chunks of any size; a sequence split
/// across chunks is completed by a later push. Broken, unknown or overlong
/// sequences come out as ``TerminalInput/other(_:)`` without swallowing the
/// bytes after them, and at most ``maximumSequenceLength`` bytes are ever
/// held, whatever the input.
///
/// ```swift
/// var decoder = SGRMouseDecoder()
/// decoder.push(Array("\u{1B}[<0;20;5M\u{1B}[<32".utf8))
/// // [.mouse(MouseReport(button: .left, x: 20, y: 5))]
/// decoder.push(Array(";20;9Mq".utf8))
/// // [.mouse(MouseReport(button: .left, isMotion: true, x: 20, y: 9)), .key("q")]
/// ```
package struct SGRMouseDecoder: Sendable, Hashable {
  /// The most bytes of one escape sequence held before it is dropped.
  package static let maximumSequenceLength = 32
  /// The most bytes of an OSC, DCS, APC, PM or SOS string skipped before
  /// it is abandoned and input reads as keys again.
  static let maximumStringLength = 4_096

  private enum State: Sendable, Hashable {
    case ground
    case escape
    case controlSequence
    case singleShift
    case string(length: Int, sawEscape: Bool)
    case legacyMouse
    case discarding
  }

  private var state = State.ground
  private var sequence: [UInt8] = []
  private var character: [UInt8] = []
  private var characterLength = 0

  /// Creates a decoder at the start of the input.
  package init() {}

  /// Whether some bytes are held: an unfinished sequence or character.
  package var hasPendingInput: Bool { state != .ground || !character.isEmpty }

  /// Decodes the next bytes, returning what they complete, in order.
  package mutating func push(_ bytes: some Collection<UInt8>) -> [TerminalInput] {
    var output: [TerminalInput] = []
    for byte in bytes {
      var next: UInt8? = byte
      while let current = next { next = step(current, into: &output) }
    }
    return output
  }

  /// Ends what is pending, as when no more bytes came for a while: a lone
  /// ESC is the Escape key, an unfinished sequence is ``TerminalInput/other(_:)``
  /// and an unfinished character is U+FFFD.
  package mutating func flush() -> [TerminalInput] {
    var output: [TerminalInput] = []
    endCharacter(into: &output)
    switch state {
    case .ground, .discarding: break
    case .escape: output.append(.key("\u{1B}"))
    default: output.append(.other(sequence))
    }
    reset()
    return output
  }

  private mutating func reset() {
    state = .ground
    sequence.removeAll(keepingCapacity: true)
  }

  /// Handles one byte; returns a byte to handle again from the new state.
  private mutating func step(_ byte: UInt8, into output: inout [TerminalInput]) -> UInt8? {
    switch state {
    case .ground:
      return ground(byte, into: &output)
    case .escape:
      switch byte {
      case UInt8(ascii: "["): state = .controlSequence
      case UInt8(ascii: "O"): state = .singleShift
      case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"),
        UInt8(ascii: "X"):
        state = .string(length: 2, sawEscape: false)
      case 0x1B:
        output.append(.key("\u{1B}"))
        return nil
      default:
        output.append(.key("\u{1B}"))
        reset()
        return byte
      }
      sequence.append(byte)
      return nil
    case .controlSequence:
      return controlSequence(byte, into: &output)
    case .singleShift:
      if (0x40...0x7E).contains(byte) {
        sequence.append(byte)
        output.append(.other(sequence))
        reset()
        return nil
      }
      output.append(.other(sequence))
      reset()
      return byte
    case .string(let length, let sawEscape):
      return string(byte, length: length, sawEscape: sawEscape, into: &output)
    case .legacyMouse:
      sequence.append(byte)
      if sequence.count == 6 {
        output.append(SGRMouseDecoder.legacyReport(sequence))
        reset()
      }
      return nil
    case .discarding:
      if (0x20...0x3F).contains(byte) { return nil }
      reset()
      return (0x40...0x7E).contains(byte) ? nil : byte
    }
  }

  private mutating func ground(_ byte: UInt8, into output: inout [TerminalInput]) -> UInt8? {
    if !character.isEmpty {
      guard (0x80...0xBF).contains(byte) else {
        output.append(.key("\u{FFFD}"))
        character.removeAll()
        return byte
      }
      character.append(byte)
      if character.count == characterLength { endCharacter(into: &output) }
      return nil
    }
    switch byte {
    case 0x1B:
      state = .escape
      sequence = [byte]
    case 0x00...0x7F:
      output.append(.key(Unicode.Scalar(byte)))
    case 0xC2...0xDF, 0xE0...0xEF, 0xF0...0xF4:
      character = [byte]
      characterLength = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
    default:
      output.append(.key("\u{FFFD}"))
    }
    return nil
  }

  /// Produces the character held, or U+FFFD when it is not valid UTF-8.
  private mutating func endCharacter(into output: inout [TerminalInput]) {
    guard let lead = character.first else { return }
    defer { character.removeAll() }
    guard character.count == characterLength else {
      output.append(.key("\u{FFFD}"))
      return
    }
    var value = UInt32(lead) & (characterLength == 2 ? 0x1F : characterLength == 3 ? 0x0F : 0x07)
    for byte in character.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
    let minimum: UInt32 = characterLength == 2 ? 0x80 : characterLength == 3 ? 0x800 : 0x10000
    if value >= minimum, let scalar = Unicode.Scalar(value) {
      output.append(.key(scalar))
    } else {
      output.append(.key("\u{FFFD}"))
    }
  }

  private mutating func controlSequence(
    _ byte: UInt8, into output: inout [TerminalInput]
  ) -> UInt8? {
    guard (0x20...0x7E).contains(byte) else {
      // NB: a control character or ESC inside a sequence breaks it; the
      // byte itself is kept, so a new sequence can start at an ESC.
      output.append(.other(sequence))
      reset()
      return byte
    }
    guard sequence.count < SGRMouseDecoder.maximumSequenceLength else {
      output.append(.other(sequence))
      sequence.removeAll(keepingCapacity: true)
      state = .discarding
      return byte
    }
    sequence.append(byte)
    guard (0x40...0x7E).contains(byte) else { return nil }
    if sequence.count == 3, byte == UInt8(ascii: "M") {
      state = .legacyMouse
      return nil
    }
    output.append(SGRMouseDecoder.interpret(sequence))
    reset()
    return nil
  }

  private mutating func string(
    _ byte: UInt8, length: Int, sawEscape: Bool, into output: inout [TerminalInput]
  ) -> UInt8? {
    if sequence.count < SGRMouseDecoder.maximumSequenceLength { sequence.append(byte) }
    if byte == 0x07 || (sawEscape && byte == UInt8(ascii: "\\")) {
      output.append(.other(sequence))
      reset()
      return nil
    }
    if sawEscape {
      // NB: ESC not followed by '\' ends the string; it starts a sequence.
      output.append(.other(sequence))
      reset()
      state = .escape
      sequence = [0x1B]
      return byte
    }
    guard length < SGRMouseDecoder.maximumStringLength else {
      output.append(.other(sequence))
      reset()
      return nil
    }
    state = .string(length: length + 1, sawEscape: byte == 0x1B)
    return nil
  }

  /// Interprets a complete control sequence, `ESC [` … final byte.
  static func interpret(_ sequence: [UInt8]) -> TerminalInput {
    let final = sequence[sequence.count - 1]
    var body = sequence[2..<(sequence.count - 1)]
    let prefix = body.first
    if prefix == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
      body = body.dropFirst()
      if let numbers = parameters(body), numbers.count == 3, numbers[0] <= 255 {
        return .mouse(
          MouseReport(
            code: numbers[0], x: numbers[1], y: numbers[2], isRelease: final == UInt8(ascii: "m")))
      }
    } else if final == UInt8(ascii: "t"), let numbers = parameters(body), numbers.count == 3 {
      if numbers[0] == 6 { return .cellSize(width: numbers[2], height: numbers[1]) }
      if numbers[0] == 4 { return .textAreaSize(width: numbers[2], height: numbers[1]) }
    } else if prefix == UInt8(ascii: "?"), final == UInt8(ascii: "y"),
      body.last == UInt8(ascii: "$")
    {
      if let numbers = parameters(body.dropFirst().dropLast()), numbers.count == 2,
        let setting = TerminalInput.ModeSetting(rawValue: numbers[1])
      {
        return .modeReport(mode: numbers[0], setting: setting)
      }
    }
    return .other(sequence)
  }

  /// The `;`-separated decimal parameters, each 1 to 9 digits; `nil` for
  /// anything else.
  static func parameters(_ body: ArraySlice<UInt8>) -> [Int]? {
    var result: [Int] = []
    for part in body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
      guard !part.isEmpty, part.count <= 9, part.allSatisfy(ImportScanning.isDigit) else {
        return nil
      }
      result.append(part.reduce(0) { $0 * 10 + Int($1 - 0x30) })
    }
    return result
  }

  /// Decodes a legacy report `ESC [ M Cb Cx Cy`, each byte offset by 32.
  static func legacyReport(_ sequence: [UInt8]) -> TerminalInput {
    let code = Int(sequence[3]) - 32
    let x = Int(sequence[4]) - 32
    let y = Int(sequence[5]) - 32
    guard code >= 0, x >= 1, y >= 1 else { return .other(sequence) }
    // NB: a legacy release is button code 3 and does not say which button.
    let isRelease = code & 0xE3 == 3
    return .mouse(MouseReport(code: code, x: x, y: y, isRelease: isRelease))
  }
}
