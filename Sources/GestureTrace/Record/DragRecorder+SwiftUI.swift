#if canImport(SwiftUI)
  import SwiftUI

  // NB: the test suite type-checks this file against Tests/Stubs/SwiftUI.swift
  // (SwiftExamplesTests), compiled with `import GestureTrace` before it, so it
  // uses only DragRecorder's public API.
  // NB: DragGesture's own availability; the package's platforms name only
  // macOS and iOS, so watchOS builds would otherwise start from watchOS 4.
  @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
  @available(tvOS, unavailable)
  extension DragRecorder {
    /// Records a `DragGesture`'s `onChanged` value: see
    /// ``changed(time:location:startLocation:translation:velocity:)``.
    ///
    /// - Parameter value: The value SwiftUI passes to `onChanged`.
    public mutating func changed(_ value: DragGesture.Value) {
      changed(
        time: value.time.timeIntervalSinceReferenceDate,
        location: Vector2D(x: Double(value.location.x), y: Double(value.location.y)),
        startLocation: Vector2D(
          x: Double(value.startLocation.x), y: Double(value.startLocation.y)),
        translation: Vector2D(
          x: Double(value.translation.width), y: Double(value.translation.height)),
        velocity: DragRecorder.velocity(of: value))
    }

    /// Records a `DragGesture`'s `onEnded` value and returns the finished
    /// trace: see ``ended(time:location:translation:velocity:)``.
    ///
    /// - Parameter value: The value SwiftUI passes to `onEnded`.
    /// - Returns: The trace, or `nil` when no drag is being recorded.
    public mutating func ended(_ value: DragGesture.Value) -> Trace? {
      ended(
        time: value.time.timeIntervalSinceReferenceDate,
        location: Vector2D(x: Double(value.location.x), y: Double(value.location.y)),
        translation: Vector2D(
          x: Double(value.translation.width), y: Double(value.translation.height)),
        velocity: DragRecorder.velocity(of: value))
    }

    /// `value.velocity` where SwiftUI has it (iOS 17, macOS 14, watchOS 10),
    /// else `nil`, so that the recorder estimates it.
    private static func velocity(of value: DragGesture.Value) -> Vector2D? {
      if #available(iOS 17.0, macOS 14.0, watchOS 10.0, *) {
        return Vector2D(x: Double(value.velocity.width), y: Double(value.velocity.height))
      }
      return nil
    }
  }
#endif
