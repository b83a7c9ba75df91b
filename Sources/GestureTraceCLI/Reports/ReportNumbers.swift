// The numbers the reports print, each in one form.

/// A fraction as a percentage with one decimal, `12.5 %`; `–` when
/// missing.
func percent(_ value: Double?) -> String {
  guard let value else { return "–" }
  return fixed(value * 100, 1) + " %"
}

/// A time in seconds with three decimals, `0.125 s`; `–` when missing.
func seconds(_ value: Double?) -> String {
  guard let value else { return "–" }
  return fixed(value, 3) + " s"
}
