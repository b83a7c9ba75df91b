import GestureTrace

extension AnalysisJSONReport {
  /// A summary's `stability` object (docs/analysis-json.md): the
  /// perturbations' names, and per variant the traces counted, the flips
  /// under any and under each perturbation with their 95 % intervals, and
  /// its most fragile traces.
  func stability(_ stability: StabilitySummary, into json: inout JSONText) {
    json.object { json in
      json.key("perturbations")
      json.array { json in for name in stability.perturbations { json.string(name) } }
      json.key("listLimit")
      json.integer(StabilitySummary.listLimit)
      json.key("variants")
      json.array { json in
        for variant in stability.variants {
          json.object { json in
            json.key("traces")
            json.integer(variant.traceCount)
            json.key("any")
            share(variant.any, into: &json)
            json.key("byPerturbation")
            json.array { json in
              for (name, flips) in zip(stability.perturbations, variant.flips) {
                share(flips, name: name, into: &json)
              }
            }
            json.key("fragile")
            json.array { json in
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
        json.key("perturbation")
        json.string(name)
      }
      json.key("flipped")
      json.integer(share.count)
      json.key("rate")
      json.number(share.rate)
      json.key("rateLow")
      json.number(share.interval.lower)
      json.key("rateHigh")
      json.number(share.interval.upper)
    }
  }

  private func fragile(
    _ item: FragileTrace, of stability: StabilitySummary, into json: inout JSONText
  ) {
    json.object { json in
      json.key("trace")
      json.string(item.trace)
      json.key("outcome")
      json.string(item.outcome.description)
      json.key("flippedBy")
      json.array { json in for name in stability.names(item.flips) { json.string(name) } }
      json.key("threshold")
      json.string(item.threshold)
      json.key("value")
      json.number(item.value)
      json.key("peak")
      json.number(item.peak)
    }
  }
}
