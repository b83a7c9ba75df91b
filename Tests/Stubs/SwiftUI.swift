// A stub of the SwiftUI symbols used by DragRecorder+SwiftUI.swift, the doc
// comments' and README's Swift examples and Examples/ (see UIKit.swift for
// how the stubs are used). Each declaration has the Swift signature Apple's
// documentation gives at the path noted on it, under
// developer.apple.com/documentation/; only the members used are declared,
// and bodies are placeholders. Where SwiftUI returns `some View` or a private
// type, the stub returns a placeholder type of its own.

// Real SwiftUI re-exports Foundation (Date, URL, CGPoint, CGSize, CGFloat).
@_exported import Foundation

// MARK: - Views

/// swiftui/view: `@MainActor @preconcurrency protocol View`.
@MainActor @preconcurrency public protocol View {
  /// swiftui/view/body-8kl5o: `associatedtype Body : View`.
  associatedtype Body: View
  /// swiftui/view/body-swift.property:
  /// `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
  @ViewBuilder var body: Body { get }
}

/// swiftui/never: `extension Never : View`.
extension Never: View {
  public var body: Never { fatalError() }
}

/// A placeholder for the `some View` the modifiers return.
public struct _StubView: View {
  public var body: Never { fatalError() }
}

extension View {
  /// swiftui/view/gesture(_:including:):
  /// `func gesture<T>(_ gesture: T, including mask: GestureMask = .all)
  /// -> some View where T : Gesture`.
  public func gesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View {
    _StubView()
  }
}

extension View {
  /// swiftui/view/offset(x:y:):
  /// `func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View`.
  public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { _StubView() }
}

/// swiftui/text: `@frozen struct Text`.
public struct Text: View {
  /// swiftui/text/init(_:)-9d1g4:
  /// `init<S>(_ content: S) where S : StringProtocol`.
  public init<S: StringProtocol>(_ content: S) {}
  public var body: Never { fatalError() }
}

/// swiftui/button: `@MainActor @preconcurrency struct Button<Label> where
/// Label : View`.
public struct Button<Label: View>: View {
  public var body: Never { fatalError() }
}

extension Button where Label == Text {
  /// swiftui/button/init(_:action:)-…: `nonisolated init<S>(_ title: S,
  /// action: @escaping @MainActor () -> Void) where S : StringProtocol`.
  public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}

/// swiftui/horizontalalignment: `@frozen struct HorizontalAlignment`.
public struct HorizontalAlignment: Sendable {
  /// swiftui/horizontalalignment/center: `static let center: HorizontalAlignment`.
  public static let center = HorizontalAlignment()
}

/// swiftui/alignment: `@frozen struct Alignment`.
public struct Alignment: Sendable {
  /// swiftui/alignment/center: `static let center: Alignment`.
  public static let center = Alignment()
}

/// swiftui/vstack: `@frozen struct VStack<Content> where Content : View`.
public struct VStack<Content: View>: View {
  /// swiftui/vstack/init(alignment:spacing:content:):
  /// `init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
  /// @ViewBuilder content: () -> Content)`.
  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {}
  public var body: Never { fatalError() }
}

/// swiftui/zstack: `@frozen struct ZStack<Content> where Content : View`.
public struct ZStack<Content: View>: View {
  /// swiftui/zstack/init(alignment:content:):
  /// `init(alignment: Alignment = .center, @ViewBuilder content: () -> Content)`.
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}

/// swiftui/sharelink: `struct ShareLink<Data, PreviewImage, PreviewIcon,
/// Label> where Data : RandomAccessCollection, PreviewImage : Transferable,
/// PreviewIcon : Transferable, Label : View, Data.Element : Transferable`
/// (the stub leaves out the Transferable requirements).
public struct ShareLink<Data: RandomAccessCollection, PreviewImage, PreviewIcon, Label: View>: View
{
  public var body: Never { fatalError() }
}

/// swiftui/defaultsharelinklabel: `struct DefaultShareLinkLabel`, a `View`.
public struct DefaultShareLinkLabel: View {
  public var body: Never { fatalError() }
}

extension ShareLink
where
  Data == CollectionOfOne<URL>, PreviewImage == Never, PreviewIcon == Never,
  Label == DefaultShareLinkLabel
{
  /// swiftui/sharelink/init(item:subject:message:)-…:
  /// `init(item: URL, subject: Text? = nil, message: Text? = nil)`.
  public init(item: URL, subject: Text? = nil, message: Text? = nil) {}
}

// MARK: - Apps

/// swiftui/app: `@MainActor @preconcurrency protocol App`.
@MainActor @preconcurrency public protocol App {
  /// swiftui/app/body-swift.associatedtype: `associatedtype Body : Scene`.
  associatedtype Body: Scene
  /// swiftui/app/body-swift.property:
  /// `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
  @SceneBuilder var body: Body { get }
  /// swiftui/app/init(): `@MainActor @preconcurrency init()`.
  init()
}

extension App {
  /// swiftui/app/main(): `@MainActor @preconcurrency static func main()`.
  public static func main() {}
}

/// swiftui/scene: `@MainActor @preconcurrency protocol Scene`.
@MainActor @preconcurrency public protocol Scene {
  /// swiftui/scene/body-swift.associatedtype: `associatedtype Body : Scene`.
  associatedtype Body: Scene
  /// swiftui/scene/body-swift.property:
  /// `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
  @SceneBuilder var body: Body { get }
}

/// swiftui/never: `extension Never : Scene`.
extension Never: Scene {}

/// swiftui/scenebuilder: `@resultBuilder struct SceneBuilder`.
@resultBuilder public struct SceneBuilder {
  /// swiftui/scenebuilder/buildblock(_:):
  /// `static func buildBlock<Content>(_ content: Content) -> Content where
  /// Content : Scene`.
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// swiftui/windowgroup: `struct WindowGroup<Content> where Content : View`,
/// a `Scene`.
public struct WindowGroup<Content: View>: Scene {
  /// swiftui/windowgroup/init(content:):
  /// `init(@ViewBuilder content: () -> Content)`.
  public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}

/// swiftui/viewbuilder: `@resultBuilder struct ViewBuilder`.
@resultBuilder public struct ViewBuilder {
  /// swiftui/viewbuilder/buildblock(_:)-…:
  /// `static func buildBlock<Content>(_ content: Content) -> Content
  /// where Content : View`.
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

  /// swiftui/viewbuilder/buildblock(_:)-…: `static func buildBlock<each Content>(
  /// _ content: repeat each Content) -> TupleView<(repeat each Content)>
  /// where repeat each Content : View`.
  public static func buildBlock<each Content: View>(
    _ content: repeat each Content
  ) -> TupleView<(repeat each Content)> {
    fatalError()
  }
}

/// swiftui/tupleview: `@frozen struct TupleView<T>`.
public struct TupleView<T>: View {
  /// swiftui/tupleview/init(_:): `init(_ value: T)`.
  public init(_ value: T) {}
  public var body: Never { fatalError() }
}

/// swiftui/color: `@frozen struct Color`.
public struct Color: View, Sendable {
  /// swiftui/color/blue: `static let blue: Color`.
  public static let blue = Color()
  public var body: Never { fatalError() }
}

// MARK: - State

/// swiftui/state: `@frozen @propertyWrapper struct State<Value>`.
@propertyWrapper public struct State<Value> {
  /// swiftui/state/init(wrappedvalue:): `init(wrappedValue value: Value)`.
  public init(wrappedValue value: Value) { storage = value }
  private let storage: Value
  /// swiftui/state/wrappedvalue:
  /// `var wrappedValue: Value { get nonmutating set }`.
  public var wrappedValue: Value {
    get { storage }
    nonmutating set {}
  }
}

// MARK: - Gestures

/// swiftui/gesture: `@MainActor @preconcurrency protocol Gesture<Value>`.
@MainActor @preconcurrency public protocol Gesture<Value> {
  /// swiftui/gesture/value: `associatedtype Value`.
  associatedtype Value
}

extension Gesture {
  /// swiftui/gesture/onended(_:): `func onEnded(_ action: @escaping
  /// (Self.Value) -> Void) -> _EndedGesture<Self>`.
  public func onEnded(_ action: @escaping (Self.Value) -> Void) -> _EndedGesture<Self> {
    _EndedGesture()
  }
}

extension Gesture where Value: Equatable {
  /// swiftui/gesture/onchanged(_:): `func onChanged(_ action: @escaping
  /// (Self.Value) -> Void) -> _ChangedGesture<Self>`.
  public func onChanged(_ action: @escaping (Self.Value) -> Void) -> _ChangedGesture<Self> {
    _ChangedGesture()
  }
}

/// swiftui/_endedgesture: `@frozen struct _EndedGesture<Content> where
/// Content : Gesture`, a `Gesture` with `Content.Value`.
public struct _EndedGesture<Content: Gesture>: Gesture {
  public typealias Value = Content.Value
}

/// swiftui/_changedgesture: `@frozen struct _ChangedGesture<Content> where
/// Content : Gesture, Content.Value : Equatable`, a `Gesture` with
/// `Content.Value`.
public struct _ChangedGesture<Content: Gesture>: Gesture where Content.Value: Equatable {
  public typealias Value = Content.Value
}

/// swiftui/gesturemask: `struct GestureMask`, an `OptionSet`.
public struct GestureMask: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// swiftui/gesturemask/all: `static let all: GestureMask`.
  public static let all = GestureMask(rawValue: 3)
}

/// swiftui/coordinatespace: `enum CoordinateSpace`.
public enum CoordinateSpace: Sendable {
  /// swiftui/coordinatespace/local: `case local`.
  case local
}

/// swiftui/draggesture: `@available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
/// @available(tvOS, unavailable) struct DragGesture`.
@available(tvOS, unavailable)
public struct DragGesture: Gesture {
  /// swiftui/draggesture/value: `struct Value`, `Equatable` and `Sendable`.
  public struct Value: Equatable, Sendable {
    /// swiftui/draggesture/value/time: `var time: Date`.
    public var time: Date
    /// swiftui/draggesture/value/location: `var location: CGPoint`.
    public var location: CGPoint
    /// swiftui/draggesture/value/startlocation: `var startLocation: CGPoint`.
    public var startLocation: CGPoint
    /// swiftui/draggesture/value/translation: `var translation: CGSize { get }`.
    public var translation: CGSize { .zero }
    /// swiftui/draggesture/value/predictedendtranslation:
    /// `var predictedEndTranslation: CGSize { get }`.
    public var predictedEndTranslation: CGSize { .zero }
    /// swiftui/draggesture/value/velocity: `@available(iOS 17.0, macOS 14.0,
    /// watchOS 10.0, *) var velocity: CGSize { get }`.
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
    public var velocity: CGSize { .zero }
  }

  /// swiftui/draggesture/minimumdistance: `var minimumDistance: CGFloat`.
  public var minimumDistance: CGFloat

  /// swiftui/draggesture/init(minimumdistance:coordinatespace:)-…:
  /// `init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace
  /// = .local)`.
  public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
    self.minimumDistance = minimumDistance
  }
}
