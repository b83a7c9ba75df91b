/// One parameter of a variant stepped over a range: `--sweep
/// 'lyrics-swap.dismissalOffset=40...160:5'`.
///
/// The syntax is `SPEC.PARAMETER=LOW...HIGH:STEP`, where SPEC is a variant
/// spec (`player-sheet:rule=projection.rate=0.98...0.999:0.001` sweeps the
/// projection rule's rate). Values run from LOW to HIGH inclusive, rounded
/// to the decimals written, at most ``maximumValues`` of them.
package struct Sweep: Sendable, Hashable {
  /// The sweep as given.
  package var spec: String
  /// The variant spec the parameter is set on.
  package var base: String
  /// The parameter swept.
  package var parameter: String
  /// The values, in increasing order.
  package var values: [Double]
  /// One variant per value.
  package var variants: [Variant]

  /// The most values one sweep may have.
  static let maximumValues = 1_000

  /// Parses a sweep, looking its transition up in `catalog`.
  package init(parsing spec: String, in catalog: TransitionCatalog = .builtIn) throws(VariantError)
  {
    self.spec = spec
    let syntax =
      "expected SPEC.PARAMETER=LOW...HIGH:STEP, such as 'lyrics-swap.dismissalOffset=40...160:5'"
    guard let equals = spec.lastIndex(of: "="),
      let dot = spec[..<equals].lastIndex(of: "."),
      dot > spec.startIndex
    else {
      throw VariantError("invalid sweep '\(spec)': \(syntax)", reason: syntax)
    }
    base = String(spec[..<dot])
    parameter = String(spec[spec.index(after: dot)..<equals])
    let range = spec[spec.index(after: equals)...]
    let parts = range.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let dots = parts[0].firstRange(of: "...") else {
      throw VariantError("invalid sweep '\(spec)': \(syntax)", reason: syntax)
    }
    let lowText = String(parts[0][..<dots.lowerBound])
    let highText = String(parts[0][dots.upperBound...])
    let stepText = String(parts[1])
    guard let low = DecimalLiteral.parseDouble(lowText),
      let high = DecimalLiteral.parseDouble(highText),
      let step = DecimalLiteral.parseDouble(stepText), step > 0, high >= low
    else {
      let expected = "expected LOW...HIGH:STEP with LOW ≤ HIGH and STEP > 0"
      throw VariantError(
        "invalid sweep range '\(range)' in '\(spec)': \(expected)",
        reason: "range '\(range)': \(expected)")
    }
    // NB: the count is compared as a `Double` before it becomes an `Int`: a
    // tiny step (1e-15) or a range wider than the largest double (`-1e308...
    // 1e308`, whose width is infinite) gives a quotient no `Int` holds.
    let steps = ((high / 2 - low / 2) / step * 2 + 1e-9).rounded(.down)
    guard steps < Double(Self.maximumValues) else {
      let counted = steps.isFinite && steps < 1e15 ? String(Int64(steps) + 1) : "too many"
      let expected = "expected at most \(Self.maximumValues)"
      throw VariantError(
        "sweep '\(spec)' has \(counted) values; \(expected)",
        reason: "\(counted) values; \(expected)")
    }
    let count = Int(steps) + 1
    let decimals = [lowText, stepText].map(Self.decimals).max() ?? 0
    var scale = 1.0
    for _ in 0..<min(decimals, 300) { scale *= 10 }
    values = (0..<count).map { index in
      let value = low + Double(index) * step
      // NB: rounding to the decimals written is skipped where scaling would
      // overflow (huge values, hundreds of decimals): the value is kept.
      let rounded = (value * scale).rounded() / scale
      return rounded.isFinite ? Swift.min(rounded, high) : Swift.min(value, high)
    }
    let separator = base.contains(":") ? "," : ":"
    var variants: [Variant] = []
    for value in values {
      variants.append(
        try Variant(
          parsing: base + separator + parameter + "=" + value.shortestDescription, in: catalog))
    }
    self.variants = variants
  }

  private static func decimals(_ text: String) -> Int {
    guard let point = text.firstIndex(of: ".") else { return 0 }
    return text[text.index(after: point)...].prefix { $0.isNumber }.count
  }
}
