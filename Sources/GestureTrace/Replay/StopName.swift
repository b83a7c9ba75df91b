/// The name of a stop a transition settles on, such as `half`: ASCII
/// letters, digits, `-` and `_`, starting with a letter, at most
/// ``maximumLength`` characters, and neither `complete` nor `cancel`.
///
/// ```swift
/// let half: StopName = "half"
/// StopName("half") == half   // true
/// StopName("fullscreen-2")   // nil: longer than 10 characters
/// ```
// NB: one word (ten 6-bit characters, then the length in 4 bits), so that
// an outcome stays the nine bytes it was with pages alone: a String payload
// made every replay copy its transition through value witnesses, and a
// two-word name made every trace's runs copy through memcpy
// (docs/performance.md, "Notes moved from the code").
public struct StopName: Sendable, Hashable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The longest name, in characters.
  public static let maximumLength = 10

  /// The characters a name may hold, in byte order: a character's code is
  /// its index here.
  private static let alphabet = Array(
    "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)

  /// The characters' codes from the most significant bits, then the
  /// length in the low four bits.
  private let bits: UInt64

  /// The name `text`, or `nil` when it is not a valid stop name.
  public init?(_ text: some StringProtocol) {
    guard Self.isValid(text) else { return nil }
    var bits: UInt64 = 0
    var count: UInt64 = 0
    for byte in text.utf8 {
      guard let code = Self.code(of: byte) else { return nil }
      bits |= UInt64(code) << (58 - 6 * count)
      count += 1
    }
    self.bits = bits | count
  }

  /// A name written in code.
  ///
  /// - Precondition: `value` is a valid stop name.
  public init(stringLiteral value: String) {
    guard let name = StopName(value) else { preconditionFailure("invalid stop name '\(value)'") }
    self = name
  }

  /// The name.
  public var description: String {
    let count = Int(bits & 0xF)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    for index in 0..<count {
      bytes.append(Self.alphabet[Int((bits >> UInt64(58 - 6 * index)) & 0x3F)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Byte order of the names.
  public static func < (lhs: StopName, rhs: StopName) -> Bool { lhs.bits < rhs.bits }

  /// Whether `text` may name a stop (see the type's description).
  public static func isValid(_ text: some StringProtocol) -> Bool {
    let bytes = text.utf8
    guard bytes.count <= maximumLength, let first = bytes.first, isLetter(first) else {
      return false
    }
    guard text != "complete", text != "cancel" else { return false }
    return bytes.allSatisfy { code(of: $0) != nil }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// The character's index in ``alphabet``, if it has one.
  private static func code(of byte: UInt8) -> UInt8? {
    switch byte {
    case 0x2D: return 0
    case 0x30...0x39: return byte - 0x30 + 1
    case 0x41...0x5A: return byte - 0x41 + 11
    case 0x5F: return 37
    case 0x61...0x7A: return byte - 0x61 + 38
    default: return nil
    }
  }
}
