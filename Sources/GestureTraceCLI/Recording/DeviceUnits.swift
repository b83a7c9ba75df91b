import GestureTrace

/// How a device log's positions become points.
///
/// NB: `--scale` is device units per point. Without it, an axis that gives
/// its resolution (units per millimetre) converts at that resolution times
/// 25.4 / 160: a point is taken as 1/160 inch, Android's density-independent
/// pixel (an iPhone point is 1/153 to 1/163 inch). Without either, positions
/// stay in device units, recorded as `units: px` (on Android touchscreens the
/// units are usually display pixels). Positions are measured from the axis
/// minimum when the log gives it, so locations are screen coordinates.
struct DeviceUnits {
  /// Device units per point, per axis.
  var unitsPerPoint: Vector2D
  /// The axis minima, subtracted from positions.
  var origin: Vector2D
  /// Whether positions stay in device units.
  var isRaw: Bool

  /// The conversion for a device, with the `--scale` value if given.
  init(device: InputDevice, scale: Double?) {
    origin = Vector2D(x: Double(device.x?.minimum ?? 0), y: Double(device.y?.minimum ?? 0))
    if let scale {
      unitsPerPoint = Vector2D(x: scale, y: scale)
      isRaw = false
    } else if let x = device.x?.unitsPerMillimetre, let y = device.y?.unitsPerMillimetre {
      unitsPerPoint = Vector2D(x: Double(x) * 25.4 / 160, y: Double(y) * 25.4 / 160)
      isRaw = false
    } else {
      unitsPerPoint = Vector2D(x: 1, y: 1)
      isRaw = true
    }
  }

  /// Writes `units` and, when both axes share it, `scale`.
  func describe(into metadata: inout TraceMetadata) {
    metadata.units = isRaw ? "px" : "pt"
    if !isRaw, unitsPerPoint.x == unitsPerPoint.y {
      metadata.scale = unitsPerPoint.x
    }
  }

  /// A sample measured from the axis minima, in horizontal device units:
  /// what a recognizer with ``scale`` turns into points.
  func relative(_ sample: PointerSample) -> PointerSample {
    var sample = sample
    sample.position = sample.position - origin
    if unitsPerPoint.y != unitsPerPoint.x {
      sample.position.y *= unitsPerPoint.x / unitsPerPoint.y
    }
    return sample
  }

  /// Device units per point, for ``relative(_:)`` positions.
  var scale: Double { unitsPerPoint.x }
}
