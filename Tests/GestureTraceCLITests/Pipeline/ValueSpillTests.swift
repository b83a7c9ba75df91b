import Testing

@testable import GestureTrace
@testable import GestureTraceCLI

/// `ValueSpill` keeps `analyze`'s per-trace numbers in a file; each group's
/// column must come back exactly, in the order stored, whatever the groups
/// and stores in between.
@Suite struct ValueSpillTests {
  /// Stores `rows` rows of `columns` columns, column after column, as the
  /// summary does; the number at (row, column) encodes both, and a seed.
  static func block(rows: Int, columns: Int, seed: Int) -> [Double] {
    (0..<columns).flatMap { column in
      (0..<rows).map { row in Double(seed * 1_000_000 + row) + Double(column) / 8 }
    }
  }

  static func store(_ spill: inout ValueSpill, group: String?, _ block: [Double], rows: Int) -> Bool
  {
    block.withUnsafeBufferPointer { buffer in
      spill.store(
        group: group, columns: buffer, rowCount: rows,
        columnCount: rows == 0 ? 0 : block.count / rows)
    }
  }

  @Test func columnsComeBackInTheOrderStoredPerGroup() throws {
    var spill = try #require(ValueSpill())
    defer { spill.close() }
    let first = Self.block(rows: 3, columns: 2, seed: 1)
    let other = Self.block(rows: 2, columns: 2, seed: 2)
    let second = Self.block(rows: 4, columns: 2, seed: 3)
    #expect(Self.store(&spill, group: nil, first, rows: 3))
    #expect(Self.store(&spill, group: "other", other, rows: 2))
    #expect(Self.store(&spill, group: nil, second, rows: 4))
    let firstColumn: [Double] = [1e6, 1e6 + 1, 1e6 + 2, 3e6, 3e6 + 1, 3e6 + 2, 3e6 + 3]
    #expect(spill.values(group: nil, column: 0) == firstColumn)
    let secondColumn: [Double] = firstColumn.map { $0 + 0.125 }
    #expect(spill.values(group: nil, column: 1) == secondColumn)
    #expect(spill.values(group: "other", column: 1) == [2e6 + 0.125, 2e6 + 1.125])
    // What was never stored is an empty column, not a failure.
    #expect(spill.values(group: "none", column: 0) == [])
    #expect(spill.values(group: nil, column: 2) == [])
  }

  /// Only the first `rowCount × columnCount` numbers are stored, and a
  /// store of no rows stores nothing.
  @Test func storesOnlyTheRowsGiven() throws {
    var spill = try #require(ValueSpill())
    defer { spill.close() }
    let numbers: [Double] = [1, 2, 3, 4, 99, 99]
    let stored = numbers.withUnsafeBufferPointer { buffer in
      let none = spill.store(group: "g", columns: buffer, rowCount: 0, columnCount: 3)
      let two = spill.store(group: "g", columns: buffer, rowCount: 2, columnCount: 2)
      return none && two
    }
    #expect(stored)
    #expect(spill.values(group: "g", column: 0) == [1, 2])
    #expect(spill.values(group: "g", column: 1) == [3, 4])
  }

  /// Exact bits, including signed zeros, NaN payloads and infinities.
  @Test func keepsTheExactBits() throws {
    var spill = try #require(ValueSpill())
    defer { spill.close() }
    let numbers: [Double] = [
      -0.0, 0, .leastNonzeroMagnitude, .infinity, -.infinity,
      Double(bitPattern: 0x7FF8_0000_0000_BEEF), Double(bitPattern: 0xFFF0_0000_0000_0001),
    ]
    #expect(Self.store(&spill, group: nil, numbers, rows: numbers.count))
    let back = spill.values(group: nil, column: 0)
    #expect(back?.map(\.bitPattern) == numbers.map(\.bitPattern))
  }

  /// At and around 65,536 rows, stored in two parts, with room reserved.
  @Test(arguments: [65_535, 65_536, 65_537])
  func largeColumnsRoundTrip(rows: Int) throws {
    var spill = try #require(ValueSpill())
    defer { spill.close() }
    let head = rows / 3
    let first = Self.block(rows: head, columns: 3, seed: 5)
    let second = Self.block(rows: rows - head, columns: 3, seed: 6)
    #expect(Self.store(&spill, group: "g", first, rows: head))
    #expect(Self.store(&spill, group: "g", second, rows: rows - head))
    for column in 0..<3 {
      let fraction = Double(column) / 8
      let stored: [Double] = (0..<head).map { Double(5_000_000 + $0) + fraction }
      let appended: [Double] = (0..<(rows - head)).map { Double(6_000_000 + $0) + fraction }
      let expected = stored + appended
      let back = spill.values(group: "g", column: column, reserving: 10)
      #expect(back == expected)
      #expect((back?.capacity ?? 0) >= rows + 10)
      // The median of what comes back is the median of a sort.
      #expect(back?.sorted()[rows / 2] == expected.sorted()[rows / 2])
    }
  }
}
