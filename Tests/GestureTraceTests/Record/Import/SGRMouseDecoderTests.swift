import Testing

@testable import GestureTrace

@Suite struct SGRMouseDecoderTests {
  /// Decodes the whole text in one push, then flushes nothing.
  func decode(_ text: String) -> [TerminalInput] {
    var decoder = SGRMouseDecoder()
    return decoder.push(Array(text.utf8))
  }

  /// Decodes the text one byte at a time.
  func decodeByteByByte(_ bytes: [UInt8]) -> [TerminalInput] {
    var decoder = SGRMouseDecoder()
    return bytes.flatMap { decoder.push([$0]) }
  }

  @Test func decodesPressMotionAndRelease() {
    let inputs = decode("\u{1B}[<0;20;5M\u{1B}[<32;20;9M\u{1B}[<0;20;18m")
    #expect(
      inputs == [
        .mouse(MouseReport(button: .left, x: 20, y: 5)),
        .mouse(MouseReport(button: .left, isMotion: true, x: 20, y: 9)),
        .mouse(MouseReport(button: .left, isRelease: true, x: 20, y: 18)),
      ])
    if case .mouse(let press) = inputs.first {
      #expect(press.isPress && !press.isWheel)
    }
  }

  @Test func decodesButtonCodes() {
    // 35 = 32 (motion) + 3 (no button); 64/65 = wheel up/down; 2 = right;
    // 1 = middle; 28 = 0 + 4 (shift) + 8 (meta) + 16 (control); 22 = 2 + 4
    // + 16; 128 = button 8; 66/67 = wheel left/right.
    #expect(
      decode("\u{1B}[<35;3;4M") == [
        .mouse(MouseReport(button: nil, isMotion: true, x: 3, y: 4))
      ])
    #expect(
      decode("\u{1B}[<64;7;8M\u{1B}[<65;7;8M") == [
        .mouse(MouseReport(button: .wheelUp, x: 7, y: 8)),
        .mouse(MouseReport(button: .wheelDown, x: 7, y: 8)),
      ])
    #expect(
      decode("\u{1B}[<2;1;1M\u{1B}[<1;1;1m") == [
        .mouse(MouseReport(button: .right, x: 1, y: 1)),
        .mouse(MouseReport(button: .middle, isRelease: true, x: 1, y: 1)),
      ])
    #expect(
      decode("\u{1B}[<28;1;1M\u{1B}[<22;2;2M") == [
        .mouse(MouseReport(button: .left, modifiers: [.shift, .meta, .control], x: 1, y: 1)),
        .mouse(MouseReport(button: .right, modifiers: [.shift, .control], x: 2, y: 2)),
      ])
    #expect(
      decode("\u{1B}[<128;5;5M\u{1B}[<66;5;5M\u{1B}[<67;5;5M") == [
        .mouse(MouseReport(button: .other(8), x: 5, y: 5)),
        .mouse(MouseReport(button: .wheelLeft, x: 5, y: 5)),
        .mouse(MouseReport(button: .wheelRight, x: 5, y: 5)),
      ])
    if case .mouse(let wheel) = decode("\u{1B}[<65;1;1M").first { #expect(wheel.isWheel) }
  }

  @Test func keepsPixelCoordinatesAsSent() {
    #expect(
      decode("\u{1B}[<0;1234;987654321M") == [
        .mouse(MouseReport(button: .left, x: 1234, y: 987_654_321))
      ])
  }

  @Test func decodesOrdinaryKeys() {
    #expect(decode("cxuq\u{03}") == [.key("c"), .key("x"), .key("u"), .key("q"), .key("\u{03}")])
    #expect(decode("é→😀") == [.key("é"), .key("→"), .key("😀")])
  }

  @Test func invalidUTF8ReadsAsReplacementCharacters() {
    var decoder = SGRMouseDecoder()
    // 0xFF is never UTF-8; 0xC3 needs a continuation byte, not 'a'; 0xC0
    // 0x80 would be an overlong NUL (0xC0 is never a lead byte); 0xED 0xA0
    // 0x80 would be the surrogate U+D800.
    #expect(
      decoder.push([0xFF, 0xC3, 0x61, 0xC0, 0x80]) == [
        .key("\u{FFFD}"), .key("\u{FFFD}"), .key("a"), .key("\u{FFFD}"), .key("\u{FFFD}"),
      ])
    #expect(decoder.push([0xED, 0xA0, 0x80]) == [.key("\u{FFFD}")])
    #expect(decoder.push([0xE2, 0x86]) == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.flush() == [.key("\u{FFFD}")])
  }

  @Test func decodesQueryReplies() {
    #expect(decode("\u{1B}[6;17;8t") == [.cellSize(width: 8, height: 17)])
    #expect(decode("\u{1B}[4;600;800t") == [.textAreaSize(width: 800, height: 600)])
    #expect(decode("\u{1B}[?1016;1$y") == [.modeReport(mode: 1016, setting: .set)])
    #expect(decode("\u{1B}[?1016;0$y") == [.modeReport(mode: 1016, setting: .notRecognized)])
    #expect(decode("\u{1B}[?1016;4$y") == [.modeReport(mode: 1016, setting: .permanentlyReset)])
    #expect(decode("\u{1B}[?1016;9$y") == [.other(Array("\u{1B}[?1016;9$y".utf8))])
    #expect(decode("\u{1B}[8;24;80t") == [.other(Array("\u{1B}[8;24;80t".utf8))])
  }

  @Test func otherSequencesAreSwallowedWhole() {
    // Arrow keys (CSI A, SS3 A), focus events and bracketed paste markers.
    #expect(
      decode("\u{1B}[A\u{1B}OA\u{1B}[I\u{1B}[200~q") == [
        .other(Array("\u{1B}[A".utf8)), .other(Array("\u{1B}OA".utf8)),
        .other(Array("\u{1B}[I".utf8)), .other(Array("\u{1B}[200~".utf8)), .key("q"),
      ])
    // OSC strings, ended by BEL or by ESC \.
    #expect(
      decode("\u{1B}]11;rgb:0000/0000/0000\u{07}c\u{1B}]0;t\u{1B}\\x") == [
        .other(Array("\u{1B}]11;rgb:0000/0000/0000\u{07}".utf8)), .key("c"),
        .other(Array("\u{1B}]0;t\u{1B}\\".utf8)), .key("x"),
      ])
  }

  @Test func loneEscapeIsAKeyOnceFlushedOrFollowed() {
    var decoder = SGRMouseDecoder()
    #expect(decoder.push([0x1B]) == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.flush() == [.key("\u{1B}")])
    #expect(!decoder.hasPendingInput)
    #expect(
      decoder.push(Array("\u{1B}q\u{1B}\u{1B}[<0;1;1M".utf8)) == [
        .key("\u{1B}"), .key("q"), .key("\u{1B}"), .mouse(MouseReport(button: .left, x: 1, y: 1)),
      ])
  }

  @Test func brokenSequenceDoesNotLoseTheNextOne() {
    // An ESC or a line feed inside a sequence ends it as 'other'; the
    // bytes after it are decoded as usual.
    #expect(
      decode("\u{1B}[<0;20\u{1B}[<0;1;2M") == [
        .other(Array("\u{1B}[<0;20".utf8)),
        .mouse(MouseReport(button: .left, x: 1, y: 2)),
      ])
    #expect(decode("\u{1B}[<0;2\nq") == [.other(Array("\u{1B}[<0;2".utf8)), .key("\n"), .key("q")])
    // Too few or empty parameters, or a huge button code: not a report.
    #expect(decode("\u{1B}[<0;20M") == [.other(Array("\u{1B}[<0;20M".utf8))])
    #expect(decode("\u{1B}[<0;;5M") == [.other(Array("\u{1B}[<0;;5M".utf8))])
    #expect(decode("\u{1B}[<999;1;1M") == [.other(Array("\u{1B}[<999;1;1M".utf8))])
    #expect(
      decode("\u{1B}[<0;1234567890;1M") == [
        .other(Array("\u{1B}[<0;1234567890;1M".utf8))
      ])
  }

  @Test(arguments: [40, 10_000])
  func overlongSequenceIsDroppedWithBoundedBuffer(_ digits: Int) {
    var decoder = SGRMouseDecoder()
    let bytes =
      Array("\u{1B}[<".utf8) + Array(repeating: UInt8(ascii: "1"), count: digits)
      + Array("Mq\u{1B}[<0;3;4M".utf8)
    let inputs = bytes.flatMap { decoder.push([$0]) }
    // The first 32 bytes come out as 'other'; the rest of the sequence up
    // to its final 'M' is skipped; 'q' and the next report survive.
    #expect(
      inputs == [
        .other(Array(bytes.prefix(SGRMouseDecoder.maximumSequenceLength))), .key("q"),
        .mouse(MouseReport(button: .left, x: 3, y: 4)),
      ])
    #expect(!decoder.hasPendingInput)
  }

  @Test func legacyReportBytesNeverReadAsKeys() {
    // X10 encoding: ESC [ M, then Cb, Cx, Cy each plus 32. x = 81 is the
    // byte 113, 'q'; it must not quit the recorder. Cb 35 = 3 + 32 is a
    // release (which does not say which button).
    let bytes: [UInt8] = [0x1B, 0x5B, 0x4D, 32, 32 + 81, 32 + 2, 0x1B, 0x5B, 0x4D, 35, 33, 33]
    #expect(
      decodeByteByByte(bytes) == [
        .mouse(MouseReport(button: .left, x: 81, y: 2)),
        .mouse(MouseReport(button: nil, isRelease: true, x: 1, y: 1)),
      ])
  }

  static let mixedStream = Array(
    ("c\u{1B}[<0;20;5M\u{1B}[<32;21;6M\u{1B}[?1016;2$yé\u{1B}[<0;2\u{1B}[6;16;8t"
      + "\u{1B}]0;x\u{07}\u{1B}[<35;1;1M\u{1B}[<0;21;6mq").utf8)

  @Test(arguments: 0...mixedStream.count)
  func anySplitGivesTheSameInputs(_ split: Int) {
    var whole = SGRMouseDecoder()
    let expected = whole.push(Self.mixedStream)
    var decoder = SGRMouseDecoder()
    let inputs = decoder.push(Self.mixedStream[..<split]) + decoder.push(Self.mixedStream[split...])
    #expect(inputs == expected)
    #expect(expected.count == 11)
  }

  @Test func byteByByteGivesTheSameInputs() {
    var whole = SGRMouseDecoder()
    #expect(decodeByteByByte(Self.mixedStream) == whole.push(Self.mixedStream))
  }

  @Test(arguments: 0..<30 as Range<UInt64>)
  func randomReportsRoundTripThroughRandomChunks(_ seed: UInt64) {
    var random = ImportRandom(seed: seed)
    var bytes: [UInt8] = []
    var expected: [TerminalInput] = []
    for _ in 0..<50 {
      if random.next() % 4 == 0 {
        let key = UInt8(ascii: "a") + UInt8(random.next() % 26)
        bytes.append(key)
        expected.append(.key(Unicode.Scalar(key)))
      } else {
        let code = Int(random.next() % 256)
        let x = Int(random.next() % 5_000) + 1
        let y = Int(random.next() % 5_000) + 1
        let isRelease = random.next() % 2 == 0
        bytes += Array("\u{1B}[<\(code);\(x);\(y)\(isRelease ? "m" : "M")".utf8)
        expected.append(.mouse(MouseReport(code: code, x: x, y: y, isRelease: isRelease)))
      }
    }
    var decoder = SGRMouseDecoder()
    var inputs: [TerminalInput] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + Int(random.next() % 9))
      inputs += decoder.push(bytes[start..<end])
      start = end
    }
    #expect(inputs == expected)
  }

  @Test(arguments: 0..<30 as Range<UInt64>)
  func randomBytesNeverHoldMoreThanTheLimit(_ seed: UInt64) {
    var random = ImportRandom(seed: seed)
    let alphabet = Array("\u{1B}[<;0123456789Mmt?$y]\u{07}\\O".utf8)
    var decoder = SGRMouseDecoder()
    var count = 0
    for _ in 0..<5_000 {
      let byte =
        random.next() % 8 == 0
        ? UInt8(truncatingIfNeeded: random.next())
        : alphabet[Int(random.next() % UInt64(alphabet.count))]
      for input in decoder.push([byte]) {
        count += 1
        if case .other(let sequence) = input {
          #expect(sequence.count <= SGRMouseDecoder.maximumSequenceLength)
        }
      }
    }
    _ = decoder.flush()
    #expect(!decoder.hasPendingInput)
    #expect(count > 0)
  }
}
