import Testing

@testable import GestureTrace

/// Reports print numbers as `reportText` does, trace files as
/// `shortestDescription` does: the two agree except on `-0` and on whole
/// numbers from 1e15 to 2^53.
@Suite struct ReportTextTests {
  @Test(arguments: [
    (0.0, "0", "0"),
    (-0.0, "0", "-0"),
    (1e15, "1000000000000000.0", "1000000000000000"),
    (-1e15, "-1000000000000000.0", "-1000000000000000"),
    (0x1p53, "9007199254740992.0", "9007199254740992"),
    (1e16, "1e+16", "1e+16"),
    (1e21, "1e+21", "1e+21"),
    (Double.leastNonzeroMagnitude, "5e-324", "5e-324"),
    (Double.nan, "nan", "nan"),
    (Double.infinity, "inf", "inf"),
    (-Double.infinity, "-inf", "-inf"),
    (999_999_999_999_999, "999999999999999", "999999999999999"),
    (0.25, "0.25", "0.25"),
    (-12.5, "-12.5", "-12.5"),
    (1e-05, "1e-05", "1e-05"),
  ])
  func reportAndTraceTextsDifferOnlyWherePinned(
    _ value: Double, _ report: String, _ trace: String
  ) {
    #expect(value.reportText == report)
    #expect(value.shortestDescription == trace)
  }
}
