import GestureTrace

/// The variants a command runs: `--variant SPEC` (repeatable) and
/// `--variants-file F` with optional `--set NAME`, in that order, looked up
/// in the catalog `--transitions FILE` makes (``TransitionsOption``).
enum VariantSelection {
  static let variant: OptionKey<[String]> = .repeating(
    "variant", valueName: "spec",
    help:
      "A transition variant, NAME[:key=value,…] (repeatable, at most 256 in all); see "
      + "'gesturetrace variants'.")
  static let variantsFile: OptionKey<String?> = .optionalText(
    "variants-file", valueName: "file",
    help: "A JSON file of named variant sets; adds every set, or those named by --set.")
  static let set: OptionKey<[String]> = .repeating(
    "set", valueName: "name", help: "A set of the variants file to use (repeatable).")

  /// The options, for command specs.
  static let options: [CommandSpec.Option] = [
    variant.option, variantsFile.option, set.option, TransitionsOption.key.option,
  ]

  /// The variants `analyze` and `replay` run when none is named: for each
  /// transition the traces are meant for (their `target`, found by
  /// ``TargetScan``), the published variant and the alternatives its
  /// parameters offer; when no trace names one, the four seed transitions
  /// as published.
  static func defaults(
    for targets: Set<String>, in catalog: TransitionCatalog = .builtIn
  ) -> [Variant] {
    targets.isEmpty
      ? Variant.seeds : Variant.publishedWithAlternatives(for: targets, in: catalog)
  }

  /// The files the options read (the variants file and the transitions
  /// file), which an output must not overwrite.
  static func inputs(_ arguments: ParsedArguments) -> [String] {
    [variantsFile.name, TransitionsOption.key.name].compactMap { arguments.value($0) }
  }

  /// The selected variants, parsed with `catalog`; `defaults` when none
  /// are given.
  static func variants(
    _ arguments: ParsedArguments, io: inout some ToolIO, catalog: TransitionCatalog = .builtIn,
    defaults: [Variant] = []
  ) throws(CommandError) -> [Variant] {
    var variants: [Variant] = []
    for spec in try arguments[variant] {
      do throws(VariantError) {
        variants.append(try Variant(parsing: spec, in: catalog))
      } catch {
        throw .usage(
          "Invalid variant '\(spec.escapingControlCharacters)': "
            + "\(error.reason.escapingControlCharacters)",
          help: "--variant <spec>  See 'gesturetrace variants' for every transition and parameter.")
      }
    }
    let setNames = try arguments[set]
    if let path = try arguments[variantsFile] {
      let sets = try read(path, catalog: catalog, io: &io)
      if setNames.isEmpty {
        variants += sets.allVariants
      } else {
        for name in setNames {
          guard let chosen = sets.variants(inSet: name) else {
            throw .usage(
              "No set '\(name.escapingControlCharacters)' in '\(path.escapingControlCharacters)'; "
                + "it has "
                + sets.sets.map { "'\($0.name.escapingControlCharacters)'" }
                .joined(separator: ", "),
              help: "--set <name>  A set of the variants file to use.")
          }
          variants += chosen
        }
      }
    } else if !setNames.isEmpty {
      throw .usage("--set needs --variants-file", help: "--variants-file <file>")
    }
    if variants.isEmpty { return defaults }
    try checkCount(variants.count)
    var seen = Set<String>()
    for variant in variants where !seen.insert(variant.spec).inserted {
      throw .usage(
        "The variant '\(variant.spec.escapingControlCharacters)' is given twice; each names a "
          + "report column",
        help: nil)
    }
    return variants
  }

  /// Throws a usage error (exit 64) naming the cap when `count` variants
  /// are more than one run takes (``AnalysisPlan/maximumVariants``).
  static func checkCount(_ count: Int) throws(CommandError) {
    let most = AnalysisPlan.maximumVariants
    guard count > most else { return }
    throw .usage(
      "\(count) variants given; at most \(most) run at once (every pair of them is compared). "
        + "Choose fewer --variant or --set",
      help: "--variant <spec>  At most \(most) variants, from --variant and --variants-file.")
  }

  private static func read(
    _ path: String, catalog: TransitionCatalog, io: inout some ToolIO
  ) throws(CommandError) -> VariantSets {
    let bytes = try TraceInput.wholeFile(path, io: &io)
    do throws(VariantError) {
      return try VariantSets(parsing: bytes, in: catalog)
    } catch {
      throw .dataError("\(TraceInput.displayName(path)):\(error)")
    }
  }
}
