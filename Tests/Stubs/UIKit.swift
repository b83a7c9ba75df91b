// A stub of the UIKit symbols the README's and the doc comments' Swift
// examples use, so that `swiftc -typecheck` can check them on a machine
// without the iOS SDK (SwiftExamplesTests builds it as the module `UIKit`).
// Nothing runs: every body is a placeholder. Each declaration has the Swift
// signature Apple's documentation gives at the path noted on it, under
// developer.apple.com/documentation/ (init(target:action:), translation(in:),
// velocity(in:) checked there); only the members the examples use are
// declared, and `NSObject`/`UIResponder` superclasses are left out.
//
// Linux has no Objective-C runtime, so `@objc` and `#selector` cannot be
// checked here: the test removes `@objc` and checks `#selector(method)` as
// `Selector(checking: method)`, which still requires the method to exist
// with that name and argument labels.

// Real UIKit re-exports Foundation, which declares CGPoint and CGFloat
// (CoreGraphics on Apple platforms; swift-corelibs-foundation on Linux,
// where CGFloat converts implicitly to Double as it does on iOS).
@_exported import Foundation

/// objectivec/selector: `struct Selector` (from the ObjectiveC module,
/// which Foundation re-exports). The initializer stands in for `#selector`.
public struct Selector: Sendable {
  public init<Method>(checking method: Method) {}
}

/// uikit/uiview: `@MainActor class UIView : UIResponder`.
@MainActor open class UIView {
  public init() {}

  /// uikit/uiview/addgesturerecognizer(_:):
  /// `func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer)`.
  open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}

  /// uikit/uiview/addsubview(_:): `func addSubview(_ view: UIView)`.
  open func addSubview(_ view: UIView) {}

  /// uikit/uiview/center: `var center: CGPoint { get set }`.
  open var center: CGPoint = .zero
}

/// uikit/uicontrol: `@MainActor class UIControl : UIView`.
@MainActor open class UIControl: UIView {
  /// uikit/uicontrol/event: `struct Event : OptionSet, @unchecked Sendable`.
  public struct Event: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// uikit/uicontrol/event/touchupinside:
    /// `static var touchUpInside: UIControl.Event { get }`.
    public static var touchUpInside: Event { Event(rawValue: 1 << 6) }
  }

  /// uikit/uicontrol/state-swift.struct:
  /// `struct State : OptionSet, @unchecked Sendable`.
  public struct State: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// uikit/uicontrol/state-swift.struct/normal:
    /// `static var normal: UIControl.State { get }`.
    public static var normal: State { State(rawValue: 0) }
  }

  /// uikit/uicontrol/addtarget(_:action:for:): `func addTarget(_ target:
  /// Any?, action: Selector, for controlEvents: UIControl.Event)`.
  open func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) {}
}

/// uikit/uibutton: `@MainActor class UIButton : UIControl`.
@MainActor open class UIButton: UIControl {
  /// uikit/uibutton/buttontype:
  /// `enum ButtonType : Int, @unchecked Sendable` with these raw values.
  public enum ButtonType: Int, Sendable {
    case custom = 0
    case system = 1
  }

  /// uikit/uibutton/init(type:):
  /// `convenience init(type buttonType: UIButton.ButtonType)`.
  public convenience init(type buttonType: ButtonType) { self.init() }

  /// uikit/uibutton/settitle(_:for:):
  /// `func setTitle(_ title: String?, for state: UIControl.State)`.
  open func setTitle(_ title: String?, for state: UIControl.State) {}
}

/// uikit/uiviewcontroller: `@MainActor class UIViewController : UIResponder`.
@MainActor open class UIViewController {
  public init() {}

  /// uikit/uiviewcontroller/view: `var view: UIView! { get set }`.
  open var view: UIView!

  /// uikit/uiviewcontroller/viewdidload(): `func viewDidLoad()`.
  open func viewDidLoad() {}

  /// uikit/uiviewcontroller/present(_:animated:completion:): `func present(_
  /// viewControllerToPresent: UIViewController, animated flag: Bool,
  /// completion: (() -> Void)? = nil)`.
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {}
}

/// uikit/uiactivity: `@MainActor class UIActivity : NSObject`.
@MainActor open class UIActivity {}

/// uikit/uiactivityviewcontroller:
/// `@MainActor class UIActivityViewController : UIViewController`.
@MainActor open class UIActivityViewController: UIViewController {
  /// uikit/uiactivityviewcontroller/init(activityitems:applicationactivities:):
  /// `init(activityItems: [Any], applicationActivities: [UIActivity]?)`.
  public init(activityItems: [Any], applicationActivities: [UIActivity]?) {}
}

/// uikit/uigesturerecognizer: `@MainActor class UIGestureRecognizer : NSObject`.
@MainActor open class UIGestureRecognizer {
  /// uikit/uigesturerecognizer/state-swift.enum:
  /// `enum State : Int, @unchecked Sendable` with these raw values.
  public enum State: Int, Sendable {
    case possible = 0
    case began = 1
    case changed = 2
    case ended = 3
    case cancelled = 4
    case failed = 5
  }

  /// uikit/uigesturerecognizer/init(target:action:):
  /// `init(target: Any?, action: Selector?)`.
  public init(target: Any?, action: Selector?) {}

  /// uikit/uigesturerecognizer/state-swift.property:
  /// `var state: UIGestureRecognizer.State { get set }`.
  open var state: State = .possible

  /// uikit/uigesturerecognizer/location(in:):
  /// `func location(in view: UIView?) -> CGPoint`.
  open func location(in view: UIView?) -> CGPoint { .zero }
}

/// uikit/uipangesturerecognizer:
/// `@MainActor class UIPanGestureRecognizer : UIGestureRecognizer`.
@MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {
  /// uikit/uipangesturerecognizer/translation(in:):
  /// `func translation(in view: UIView?) -> CGPoint`.
  open func translation(in view: UIView?) -> CGPoint { .zero }

  /// uikit/uipangesturerecognizer/velocity(in:):
  /// `func velocity(in view: UIView?) -> CGPoint`.
  open func velocity(in view: UIView?) -> CGPoint { .zero }
}
