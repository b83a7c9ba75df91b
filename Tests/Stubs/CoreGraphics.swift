// A stub of the few CoreGraphics (and Foundation) types the code `gesturetrace export`
// generates uses, so that tests can type-check it on Linux. Only the shapes matter: no
// member does anything.
//
// Where each comes from (Apple's public documentation):
// - CGFloat: https://developer.apple.com/documentation/corefoundation/cgfloat
//   (a struct with float and integer literals and arithmetic; `init(_:)` from Double).
// - CGPoint(x:y:): https://developer.apple.com/documentation/corefoundation/cgpoint
// - CGVector(dx:dy:): https://developer.apple.com/documentation/corefoundation/cgvector
// - TimeInterval (Foundation, re-exported by UIKit and XCTest): a typealias of Double,
//   https://developer.apple.com/documentation/foundation/timeinterval

public struct CGFloat: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Sendable {
  public var native: Double
  public init(_ value: Double) { native = value }
  public init(floatLiteral value: Double) { native = value }
  public init(integerLiteral value: Int) { native = Double(value) }
  public static func * (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native * rhs.native) }
  public static func + (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native + rhs.native) }
  public static func - (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native - rhs.native) }
  public static prefix func - (value: CGFloat) -> CGFloat { CGFloat(-value.native) }
}

public struct CGPoint: Sendable {
  public var x: CGFloat
  public var y: CGFloat
  public init(x: CGFloat, y: CGFloat) {
    self.x = x
    self.y = y
  }
}

public struct CGVector: Sendable {
  public var dx: CGFloat
  public var dy: CGFloat
  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }
}

public typealias TimeInterval = Double
