/// One kernel input event as a device log records it: a time, a type, a
/// code and a value, with the line it was read from.
struct EvdevEvent: Sendable, Hashable {
  /// When the kernel stamped the event.
  var time: TraceTime
  /// The event type (`EV_SYN`, `EV_KEY`, `EV_ABS`, …).
  var type: UInt16
  /// The event code within its type.
  var code: UInt16
  /// The value; a tracking id of -1 means the contact lifted.
  var value: Int32
  /// The line of the log the event is on, from 1.
  var line: Int
}

/// The evdev type and code numbers the importers use, from the Linux header
/// `linux/input-event-codes.h`.
enum EvdevCode {
  // NB: types.
  static let synchronization: UInt16 = 0x00  // EV_SYN
  static let key: UInt16 = 0x01  // EV_KEY
  static let absolute: UInt16 = 0x03  // EV_ABS

  // NB: EV_SYN codes.
  static let report: UInt16 = 0  // SYN_REPORT
  static let multitouchReport: UInt16 = 2  // SYN_MT_REPORT
  static let dropped: UInt16 = 3  // SYN_DROPPED

  // NB: EV_ABS codes.
  static let x: UInt16 = 0x00  // ABS_X
  static let y: UInt16 = 0x01  // ABS_Y
  static let slot: UInt16 = 0x2F  // ABS_MT_SLOT
  static let positionX: UInt16 = 0x35  // ABS_MT_POSITION_X
  static let positionY: UInt16 = 0x36  // ABS_MT_POSITION_Y
  static let trackingID: UInt16 = 0x39  // ABS_MT_TRACKING_ID

  // NB: EV_KEY codes.
  static let toolFinger: UInt16 = 0x145  // BTN_TOOL_FINGER
  static let touch: UInt16 = 0x14A  // BTN_TOUCH

  /// The numbers of the type labels `getevent -l` prints.
  static let typeLabels: [String: UInt16] = [
    "EV_SYN": 0x00, "EV_KEY": 0x01, "EV_REL": 0x02, "EV_ABS": 0x03,
    "EV_MSC": 0x04, "EV_SW": 0x05, "EV_LED": 0x11, "EV_SND": 0x12,
    "EV_REP": 0x14, "EV_FF": 0x15, "EV_PWR": 0x16, "EV_FF_STATUS": 0x17,
  ]

  /// The numbers of the code labels the importers need, by type.
  static let codeLabels: [UInt16: [String: UInt16]] = [
    0x00: [
      "SYN_REPORT": 0, "SYN_CONFIG": 1, "SYN_MT_REPORT": 2, "SYN_DROPPED": 3,
    ],
    0x01: ["BTN_TOUCH": 0x14A, "BTN_TOOL_FINGER": 0x145],
    0x03: [
      "ABS_X": 0x00, "ABS_Y": 0x01, "ABS_PRESSURE": 0x18, "ABS_MT_SLOT": 0x2F,
      "ABS_MT_TOUCH_MAJOR": 0x30, "ABS_MT_TOUCH_MINOR": 0x31,
      "ABS_MT_WIDTH_MAJOR": 0x32, "ABS_MT_WIDTH_MINOR": 0x33,
      "ABS_MT_ORIENTATION": 0x34, "ABS_MT_POSITION_X": 0x35,
      "ABS_MT_POSITION_Y": 0x36, "ABS_MT_TOOL_TYPE": 0x37,
      "ABS_MT_BLOB_ID": 0x38, "ABS_MT_TRACKING_ID": 0x39,
      "ABS_MT_PRESSURE": 0x3A, "ABS_MT_DISTANCE": 0x3B,
    ],
  ]
}
