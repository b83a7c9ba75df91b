import Foundation
import Testing

@testable import GestureTraceCLI

/// An option's value may start with a minus when a digit or a point
/// follows: `--start -5,10` is a point, not an unknown option (issue 29).
@Suite struct NegativeValueTests {
  @Test func aMinusBeforeADigitOrAPointIsAValue() {
    for value in ["-5", "-5,10", "-.5", "-0.25,-3", "-1e3"] {
      #expect(CommandLineParser.isNegativeValue(value), "\(value)")
    }
    for argument in ["-", "--start", "-o", "-x1", "--5", "-é"] {
      #expect(!CommandLineParser.isNegativeValue(argument), "\(argument)")
    }
  }

  @Test func exportTakesAStartPointLeftOfTheScreen() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.csv").path
    try "trace,t,phase,tx,ty\ng1,0,began,0,0\ng1,0.5,changed,0,90\ng1,1,ended,0,100\n".write(
      toFile: input, atomically: false, encoding: .utf8)
    let result = run(["export", input, "--start", "-5,10"])
    #expect(result.exitCode == .success, "\(result.error)")
    #expect(!result.error.contains("Missing value"))
    // The drag starts at (-5, 10): its first point is written as given.
    #expect(result.output.contains("-5"), "\(result.output.prefix(400))")
  }
}
