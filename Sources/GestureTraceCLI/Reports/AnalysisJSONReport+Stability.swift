import GestureTrace

extension AnalysisJSONReport {
  /// A summary's `stability` object (docs/analysis-json.md): the
  /// perturbations' names, and per variant the traces counted, the flips
  /// under any and under each perturbation with their 95 % intervals, and
  /// its most fragile traces.
  func stability(_ stability: StabilitySummary, into json: inout JSONText) {
    json.object { json in
      json.array("perturbations") { json in
        for name in stability.perturbations { json.string(name) }
      }
      json.integer("listLimit", StabilitySummary.listLimit)
      json.array("variants") { json in
        for variant in stability.variants {
          json.object { json in
            json.integer("traces", variant.traceCount)
            json.key("any")
            share(variant.any, into: &json)
            json.array("byPerturbation") { json in
              for (name, flips) in zip(stability.perturbations, variant.flips) {
                share(flips, name: name, into: &json)
              }
            }
            json.array("fragile") { json in
              for item in variant.fragile { fragile(item, of: stability, into: &json) }
            }
          }
        }
      }
    }
  }

  private func share(_ share: FlipShare, name: String? = nil, into json: inout JSONText) {
    json.object { json in
      if let name {
        json.string("perturbation", name)
      }
      json.integer("flipped", share.count)
      json.number("rate", share.rate)
      json.number("rateLow", share.interval.lower)
      json.number("rateHigh", share.interval.upper)
    }
  }

  private func fragile(
    _ item: FragileTrace, of stability: StabilitySummary, into json: inout JSONText
  ) {
    json.object { json in
      json.string("trace", item.trace)
      json.string("outcome", item.outcome.description)
      json.array("flippedBy") { json in
        for name in stability.names(item.flips) { json.string(name) }
      }
      json.string("threshold", item.threshold)
      json.number("value", item.value)
      json.number("peak", item.peak)
    }
  }
}
