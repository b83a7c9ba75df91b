/// The library presets: how the sheet, panel, modal, side-menu and card
/// libraries iOS apps ship decide on release, with their defaults.
enum TransitionPresets {
  /// Their families, in the order `gesturetrace variants` lists them.
  static let families: [TransitionFamily] = []
}
