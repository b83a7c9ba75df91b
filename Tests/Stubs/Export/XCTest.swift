// A stub of the XCTest and XCUIAutomation API the code `gesturetrace export` generates
// uses, so that tests can type-check it on Linux (where XCTest has no UI testing).
//
// Where each comes from (Apple's public documentation, XCUIAutomation framework pages,
// developer.apple.com/documentation/xcuiautomation/…):
// - XCTestCase: `class XCTestCase : XCTest`, subclassed by test classes; test methods are
//   `func test…() throws` (developer.apple.com/documentation/xctest/xctestcase).
// - XCUIElement: `@MainActor class XCUIElement`;
//   `func coordinate(withNormalizedOffset normalizedOffset: CGVector) -> XCUICoordinate`
//   (xcuielement/coordinate(withnormalizedoffset:)).
// - XCUIApplication: `@MainActor class XCUIApplication : XCUIElement`; `init()`;
//   `func launch()` (xcuiapplication, xcuiapplication/launch()).
// - XCUICoordinate: `@MainActor class XCUICoordinate`;
//   `func withOffset(_ offsetVector: CGVector) -> XCUICoordinate` (xcuicoordinate/
//   withoffset(_:)); `func press(forDuration duration: TimeInterval, thenDragTo
//   otherCoordinate: XCUICoordinate, withVelocity velocity: XCUIGestureVelocity,
//   thenHoldForDuration holdDuration: TimeInterval)` (xcuicoordinate/press(forduration:
//   thendragto:withvelocity:thenholdforduration:)), velocity in pixels per second.
// - XCUIGestureVelocity: `struct XCUIGestureVelocity`; `init(_ rawValue: CGFloat)`,
//   `init(rawValue: CGFloat)`; `static let default`, `fast`, `slow` (xcuigesturevelocity).
// - XCTest re-exports Foundation, and with it the CoreGraphics types: CGFloat comes from
//   swift-corelibs-foundation here; CGVector, which it lacks, is declared below
//   (corefoundation/cgvector: `struct CGVector` with `init(dx: CGFloat, dy: CGFloat)`).
// - TimeInterval: Foundation's `typealias TimeInterval = Double`.

@_exported import Foundation

public struct CGVector: Sendable {
  public var dx: CGFloat
  public var dy: CGFloat
  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }
}

open class XCTestCase {
  public init() {}
}

@MainActor
open class XCUIElement {
  public init() {}
  public func coordinate(withNormalizedOffset normalizedOffset: CGVector) -> XCUICoordinate {
    XCUICoordinate()
  }
}

@MainActor
open class XCUIApplication: XCUIElement {
  public override init() {}
  public func launch() {}
}

@MainActor
open class XCUICoordinate {
  init() {}
  public func withOffset(_ offsetVector: CGVector) -> XCUICoordinate { self }
  public func press(
    forDuration duration: TimeInterval, thenDragTo otherCoordinate: XCUICoordinate,
    withVelocity velocity: XCUIGestureVelocity, thenHoldForDuration holdDuration: TimeInterval
  ) {}
}

public struct XCUIGestureVelocity: Sendable {
  public var rawValue: CGFloat
  public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
  public init(rawValue: CGFloat) { self.rawValue = rawValue }
  public static let `default` = XCUIGestureVelocity(0)
  public static let fast = XCUIGestureVelocity(0)
  public static let slow = XCUIGestureVelocity(0)
}
