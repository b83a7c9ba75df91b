// A stub of the lyft/Hammer API the code `gesturetrace export --to hammer` generates uses,
// so that tests can type-check it on Linux. Signatures are as lyft/Hammer declares them
// (github.com/lyft/Hammer, Sources/Hammer/…); the bodies do nothing.
//
// Where each comes from:
// - EventGenerator: `public final class EventGenerator`; `public convenience
//   init(viewController: UIViewController) throws`
//   (EventGenerator/EventGenerator.swift).
// - fingerDown, fingerMove, fingerUp: both overloads of each, one finger and an array of
//   fingers, with their default arguments, since a call must resolve among them as it does
//   in Hammer (EventGenerator/EventGenerator+Hand/EventGenerator+Hand.swift):
//   `fingerDown(_ indices: [FingerIndex?] = .automatic, at locations: [HammerLocatable])`,
//   `fingerDown(_ index: FingerIndex? = .automatic, at location: HammerLocatable? = nil)`,
//   `fingerMove(_ indices: [FingerIndex?] = .automatic, to locations: [HammerLocatable])`,
//   `fingerMove(_ index: FingerIndex? = .automatic, to location: HammerLocatable)`,
//   `fingerUp(_ indices: [FingerIndex?] = .automatic)`, `fingerUp(_ index: FingerIndex?)`,
//   all `throws`.
// - wait: `public func wait(_ interval: TimeInterval) throws` (Utilties/Waiting.swift).
// - FingerIndex: `public enum FingerIndex: UInt32`, `static let automatic: FingerIndex?`;
//   `[FingerIndex?].automatic` (EventGenerator+Hand/FingerIndex.swift).
// - HammerLocatable: a public protocol CGPoint conforms to (EventGenerator/
//   HammerLocatable.swift).
// - UIKit is Tests/Stubs/UIKit.swift (UIViewController, and CGPoint through Foundation).
// Compiled in Swift 5 mode, as Hammer's package is.

import UIKit

public protocol HammerLocatable {}

extension CGPoint: HammerLocatable {}

public enum FingerIndex: UInt32, CaseIterable {
  case rightThumb = 1
  case rightIndex = 2
  public static let automatic: FingerIndex? = nil
}

extension Array where Element == FingerIndex? {
  public static let automatic: [FingerIndex?] = []
}

public final class EventGenerator {
  private init() {}

  public convenience init(viewController: UIViewController) throws {
    self.init()
  }

  public func fingerDown(
    _ indices: [FingerIndex?] = .automatic, at locations: [HammerLocatable]
  ) throws {}

  public func fingerDown(
    _ index: FingerIndex? = .automatic, at location: HammerLocatable? = nil
  ) throws {}

  public func fingerMove(
    _ indices: [FingerIndex?] = .automatic, to locations: [HammerLocatable]
  ) throws {}

  public func fingerMove(_ index: FingerIndex? = .automatic, to location: HammerLocatable) throws {}

  public func fingerUp(_ indices: [FingerIndex?] = .automatic) throws {}

  public func fingerUp(_ index: FingerIndex?) throws {}

  public func wait(_ interval: TimeInterval) throws {}
}
