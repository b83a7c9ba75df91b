import GestureTrace

/// The colours charts give outcomes: the Okabe–Ito palette, which stays
/// distinguishable with the common kinds of colour blindness.
enum OutcomePalette {
  /// Blue for `complete`, vermilion for `cancel`, for pages a colour per
  /// page index (repeating after seven), and for stops a colour per stop in
  /// order along the track (`stops`, as ``VariantOutcomes/stops`` lists
  /// them), as pages are coloured; a stop not on the track is grey.
  static func colour(of outcome: TransitionOutcome, stops: [String] = []) -> String {
    switch outcome {
    case .complete: return "#0072b2"
    case .cancel: return "#d55e00"
    case .page(let page): return pages[page % pages.count]
    case .stop(let name):
      guard let position = stops.firstIndex(of: name.description) else { return "#999999" }
      return pages[position % pages.count]
    }
  }

  /// Colours for page 0, 1, 2, ….
  static let pages = ["#009e73", "#e69f00", "#cc79a7", "#56b4e9", "#0072b2", "#d55e00", "#000000"]

  /// `#rrggbb` of channels in 0…255.
  static func hex(_ red: Int, _ green: Int, _ blue: Int) -> String {
    "#"
      + [red, green, blue].map { value in
        let text = String(min(max(value, 0), 255), radix: 16)
        return text.count == 1 ? "0" + text : text
      }.joined()
  }
}
