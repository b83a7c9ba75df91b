/// Completes when the gesture has moved more than a fixed distance toward
/// the end state; velocity is ignored.
///
/// `progress > minDistance` completes, so a release exactly at the threshold
/// cancels (the strict `>` of the lyrics article). A drag away from the end
/// state (negative progress) always cancels.
///
/// The default, 80 pt, is the dismissal offset of "Re-creating the Spotify
/// Lyrics Animation" (dandreiolteanu/SpotifyLyrics `PerspectiveView.swift`,
/// y axis, the y-only version's `public var dismissalOffset: CGFloat = 80`):
/// the one distance threshold the seed articles give for a vertical card
/// dismissal. Points are pixels are density-independent pixels here.
struct DistanceRule: ReleaseRule {
  static let name = "distance"
  static let summary =
    "Complete when the drag moved more than minDistance toward the end; velocity is ignored."
  static let source =
    "dandreiolteanu/SpotifyLyrics PerspectiveView.swift (dismissalOffset, strict >)"
  static let parameters: [Parameter] = [
    .number(
      "minDistance", 80, unit: "pt", in: 0...100_000,
      summary: "Progress toward the end must exceed this to complete.",
      source: "SpotifyLyrics PerspectiveView.swift: y-axis dismissalOffset = 80")
  ]

  let minDistance: Double

  init(_ values: ParameterValues) {
    minDistance = values.number("minDistance")
  }

  func completes(_ release: ReleaseInput) -> Bool {
    release.progress > minDistance
  }
}
