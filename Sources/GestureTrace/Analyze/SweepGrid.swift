/// Two sweeps of the same variant crossed: every pair of their values, so
/// that a report can show where two parameters together match intent.
///
/// `--sweep 'player-sheet:rule=hammer.hammerDistance=10...90:20' --sweep
/// 'player-sheet:rule=hammer.hammerVelocity=0.1...0.9:0.2'` makes a grid of
/// 5 × 5 cells; its rows are the first sweep's values, its columns the
/// second's.
package struct SweepGrid: Sendable, Hashable {
  /// The sweep whose values are the rows.
  package var rows: Sweep
  /// The sweep whose values are the columns.
  package var columns: Sweep
  /// One variant per cell, row by row.
  package var variants: [Variant]

  /// The most cells one grid may have: each is one more replay of every
  /// trace.
  static let maximumCells = 2_500

  /// The grid of two sweeps of the same variant and different parameters.
  package init(rows: Sweep, columns: Sweep) throws(VariantError) {
    let cells = rows.values.count * columns.values.count
    guard cells <= Self.maximumCells else {
      let size =
        "\(rows.values.count) × \(columns.values.count) = \(cells) cells; expected at most "
        + "\(Self.maximumCells) (use larger steps)"
      throw VariantError(
        "the grid of '\(rows.spec)' and '\(columns.spec)' has \(size)",
        reason: "'\(rows.spec)' and '\(columns.spec)' make \(size)")
    }
    self.rows = rows
    self.columns = columns
    let separator = rows.base.contains(":") ? "," : ":"
    var variants: [Variant] = []
    variants.reserveCapacity(cells)
    // NB: parsed as the sweep's own variants were, so that a grid of an
    // app's transition (not in the built-in catalog) finds its family.
    let sibling = rows.variants.first
    for row in rows.values {
      for column in columns.values {
        let spec =
          rows.base + separator + rows.parameter + "=" + row.shortestDescription + ","
          + columns.parameter + "=" + column.shortestDescription
        if let sibling {
          variants.append(try sibling.sibling(parsing: spec))
        } else {
          variants.append(try Variant(parsing: spec))
        }
      }
    }
    self.variants = variants
  }

  /// The grids the sweeps make: one for each pair of sweeps of the same
  /// variant (the same spec before the parameter) and different
  /// parameters, in the order the sweeps were given.
  package static func grids(of sweeps: [Sweep]) throws(VariantError) -> [SweepGrid] {
    var grids: [SweepGrid] = []
    for i in sweeps.indices {
      for j in sweeps.indices where j > i {
        guard sweeps[i].base == sweeps[j].base, sweeps[i].parameter != sweeps[j].parameter
        else { continue }
        grids.append(try SweepGrid(rows: sweeps[i], columns: sweeps[j]))
      }
    }
    return grids
  }

  /// "ROWS × COLUMNS", the two sweeps' specs.
  package var spec: String { rows.spec + " × " + columns.spec }
}
