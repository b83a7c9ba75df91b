/// What a device log says about the device that produced its touches: its
/// node, its name and the range of its position axes.
package struct InputDevice: Sendable, Hashable {
  /// The device node, such as `/dev/input/event2`, when the log names it.
  package var node: String?
  /// The device's name, such as `Atmel maXTouch Touchscreen`.
  package var name: String?
  /// The absolute axes the log describes, keyed by evdev `ABS_*` code.
  package var axes: [Int: AxisInfo]

  /// Creates a device description.
  package init(node: String? = nil, name: String? = nil, axes: [Int: AxisInfo] = [:]) {
    self.node = node
    self.name = name
    self.axes = axes
  }

  /// The horizontal position axis: `ABS_MT_POSITION_X`, else `ABS_X`.
  package var x: AxisInfo? { axes[0x35] ?? axes[0x00] }

  /// The vertical position axis: `ABS_MT_POSITION_Y`, else `ABS_Y`.
  package var y: AxisInfo? { axes[0x36] ?? axes[0x01] }

  /// Fills in what this description lacks from another one.
  package func filling(from other: InputDevice) -> InputDevice {
    var result = self
    result.node = node ?? other.node
    result.name = name ?? other.name
    result.axes.merge(other.axes) { mine, _ in mine }
    return result
  }
}

/// The range and resolution of one absolute axis, as the kernel reports it.
package struct AxisInfo: Sendable, Hashable {
  /// The smallest value.
  package var minimum: Int
  /// The largest value.
  package var maximum: Int
  /// Units per millimetre, or 0 when the device does not say.
  package var resolution: Int

  /// Creates an axis description.
  package init(minimum: Int, maximum: Int, resolution: Int = 0) {
    self.minimum = minimum
    self.maximum = maximum
    self.resolution = resolution
  }

  /// Units per millimetre, or `nil` when the resolution is unknown.
  package var unitsPerMillimetre: Int? { resolution > 0 ? resolution : nil }
}
