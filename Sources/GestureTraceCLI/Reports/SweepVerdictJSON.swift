import GestureTrace

/// The JSON members of a sweep's or grid's verdict and held-out check that
/// say what the data cannot decide (docs/analysis-json.md): `plateauFloor`,
/// `plateauCount`, `identified`, `edgeLow`/`edgeHigh` (a sweep) or `edges`
/// (a grid), and of the held-out check `foldChoices`, `foldsFlat`,
/// `heldOutBaseline`, `heldOutBaselineLabel` and `heldOutBaselineP`.
extension JSONText {
  /// `plateauFloor`, `plateauCount` and `identified`; `null`s without a
  /// verdict.
  mutating func plateauMembers(_ verdict: SweepVerdict?) {
    key("plateauFloor")
    number(verdict?.floor)
    key("plateauCount")
    if let verdict { integer(verdict.plateau.count) } else { literal("null") }
    key("identified")
    literal(verdict.map { $0.isIdentified ? "true" : "false" } ?? "null")
  }

  /// A sweep's `plateauRanges` ([[low, high], …]) and `edgeLow`/`edgeHigh`.
  mutating func sweepPlateau(_ sweep: SweepSummary) {
    key("plateauRanges")
    if sweep.verdict == nil {
      literal("null")
    } else {
      array { json in
        for range in sweep.plateauRanges {
          json.array { json in
            json.number(range.low)
            json.number(range.high)
          }
        }
      }
    }
    plateauMembers(sweep.verdict)
    key("edgeLow")
    literal(sweep.verdict?.rowEnds.low == true ? "true" : "false")
    key("edgeHigh")
    literal(sweep.verdict?.rowEnds.high == true ? "true" : "false")
  }

  /// A grid's `edges`: `{"rowLow", "rowHigh", "columnLow", "columnHigh"}`.
  mutating func gridEdges(_ verdict: SweepVerdict?) {
    key("edges")
    object { json in
      let ends: [(StaticString, Bool?)] = [
        ("rowLow", verdict?.rowEnds.low), ("rowHigh", verdict?.rowEnds.high),
        ("columnLow", verdict?.columnEnds.low), ("columnHigh", verdict?.columnEnds.high),
      ]
      for (name, reached) in ends {
        json.key(name)
        json.literal(reached == true ? "true" : "false")
      }
    }
  }

  /// `foldChoices` (per fold, the chosen cell written by `choice`, or
  /// `null`), `foldsFlat`, and the baseline on the held-out traces.
  mutating func heldOutChoices(
    _ heldOut: HeldOutCheck?, choice: (inout JSONText, Int?) -> Void
  ) {
    key("foldChoices")
    if let heldOut {
      array { json in for cell in heldOut.choices { choice(&json, cell) } }
    } else {
      literal("null")
    }
    key("foldsFlat")
    integer(heldOut?.unidentifiedFolds ?? 0)
    key("heldOutBaseline")
    number(heldOut?.baseline)
    key("heldOutBaselineLabel")
    string(heldOut?.baselineLabel)
    key("heldOutBaselineP")
    number(heldOut?.againstBaseline.pValue)
  }
}
