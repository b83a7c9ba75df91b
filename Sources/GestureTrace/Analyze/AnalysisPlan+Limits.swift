extension AnalysisPlan {
  /// The most variants one plan may hold.
  ///
  /// An analysis keeps, per accumulator, a count for every ordered pair of
  /// variants and label source (``AnalysisAccumulator``'s `same` and
  /// `onlyFirst`), and each report compares every pair: its memory and
  /// time grow with the square of the number of variants (4,000 variants
  /// took 3.9 GB; 10,000 aborted). At 256, the pair counts of one
  /// accumulator take 2 MiB.
  package static let maximumVariants = 256

  /// The most `--sweep`s one plan may hold: each is parsed into its
  /// values before the cells are counted.
  package static let maximumSweeps = 64

  /// The most sweep values and grid cells one plan may hold together:
  /// each is one more replay of every trace, with its own counts and
  /// scores (``Sweep/maximumValues`` and ``SweepGrid/maximumCells`` bound
  /// one sweep and one grid).
  package static let maximumSweepCells = 10_000

  /// Throws the error of the first grid of `sweeps` with more than
  /// ``SweepGrid/maximumCells`` cells, making no grid: that grid's own
  /// message says more than the count of every cell.
  package static func checkGridSizes(of sweeps: [Sweep]) throws(VariantError) {
    for i in sweeps.indices {
      for j in sweeps.indices where j > i {
        guard sweeps[i].base == sweeps[j].base, sweeps[i].parameter != sweeps[j].parameter,
          sweeps[i].values.count * sweeps[j].values.count > SweepGrid.maximumCells
        else { continue }
        _ = try SweepGrid(rows: sweeps[i], columns: sweeps[j])
      }
    }
  }

  /// The sweep values and grid cells `sweeps` make together: each sweep's
  /// values, and for each pair of sweeps of one variant and two
  /// parameters (a grid, ``SweepGrid/grids(of:)``), the product of their
  /// counts; counted before any grid is made.
  package static func sweepCells(of sweeps: [Sweep]) -> Int {
    var cells = 0
    for i in sweeps.indices {
      cells += sweeps[i].values.count
      for j in sweeps.indices where j > i {
        guard sweeps[i].base == sweeps[j].base, sweeps[i].parameter != sweeps[j].parameter
        else { continue }
        cells += sweeps[i].values.count * sweeps[j].values.count
      }
    }
    return cells
  }
}
