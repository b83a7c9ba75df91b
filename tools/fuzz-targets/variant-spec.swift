// Fuzz target: the variant-spec parser and the replay of a parsed variant
// (see tools/fuzz).

/// A short downward flick that every transition reacts to.
let flick = Trace(
  id: "f",
  events: [
    PanEvent(time: .zero, phase: .began, translation: Vector2D(x: 0, y: 11)),
    PanEvent(
      time: .milliseconds(16), phase: .changed, translation: Vector2D(x: 3, y: 60)),
    PanEvent(
      time: .milliseconds(33), phase: .ended, translation: Vector2D(x: 4, y: 130),
      velocity: Vector2D(x: 50, y: 2_400)),
  ])

/// Parses the input as a spec; a spec that parses must parse again from
/// its own text and replay the flick with only finite values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVariantSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let variant: Variant
  do throws(VariantError) {
    variant = try Variant(parsing: text)
  } catch {
    Fuzz.require(
      !error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
      "control character in \(error)")
    return 0
  }
  Fuzz.require((try? Variant(parsing: variant.spec)) == variant, "spec does not parse again")
  let replayer = Replayer(framesPerSecond: 30)
  let timeline = replayer.timeline(of: flick, with: variant)
  Fuzz.require(
    timeline.outcome == replayer.outcome(of: flick, with: variant), "outcome differs")
  for frame in timeline.frames {
    Fuzz.require(frame.values.allSatisfy(\.isFinite), "non-finite value at \(frame.time)")
  }
  // NB: a timeline stops 30 s after the last event even if still moving.
  let end = min(timeline.outcome.settledAt, .milliseconds(33 + 30_000))
  Fuzz.require(
    timeline.frames.last.map { $0.time >= end } ?? false, "timeline ends before it settles")
  return 0
}
