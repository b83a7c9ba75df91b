/// The library presets: how the sheet, panel, modal, side-menu and card
/// libraries iOS apps ship decide on release, with their defaults.
///
/// Each preset is written in the transitions file format
/// (``TransitionCatalog/declare(parsing:file:)``), one JSON text per
/// library in this folder, and read at first use; a transitions file may
/// start a declaration from one (`"preset": "floating-panel"`).
enum TransitionPresets {
  /// The presets' texts, each a transitions file declaring one transition,
  /// in the order `gesturetrace variants` lists them.
  static let texts: [(file: String, text: String)] = [floatingPanel, panModal, sideMenu, deck]

  /// The presets' declarations, in order.
  static let declarations: [TransitionDeclaration] = texts.flatMap { preset in
    do throws(TransitionDeclarationError) {
      return try TransitionDeclarationReader(
        text: preset.text, file: preset.file, allowsPresets: false
      )
      .read { _ in false }.map(\.declaration)
    } catch {
      preconditionFailure("preset \(error)")
    }
  }

  /// Their families, in the order `gesturetrace variants` lists them.
  static let families: [TransitionFamily] = declarations.map(\.family)
}
