import Foundation
import GestureTrace
import Testing

@testable import GestureTraceCLI

/// Walks ``RecordSource/all``: every source the list describes is accepted
/// by `record --from`, shown in the help, and (for those read from a file)
/// told by `--from auto` from a sample of its own format and recorded
/// under its name. A source added to the list without a sample fails here.
@Suite struct RecordSourceListTests {
  /// A shipped sample of each format `--from auto` tells, by source name.
  static let samples = [
    "csv": "traces/samples/drags.samples.csv",
    "getevent": "traces/samples/swipes.getevent.txt",
    "evemu": "traces/samples/swipe.evemu.events",
    "libinput": "traces/samples/swipes.libinput.yml",
  ]

  /// The help's list of sources before the list was derived, by hand.
  static let handWrittenHelp = """
      auto      (default) One of csv, getevent, evemu and libinput, told
                from the first line that is not blank or a comment, and
                said on standard error; a usage error when it cannot tell.
      csv       CSV samples with columns t,x,y and optionally event
                (down, move, up, cancel; without it the first row is the
                touch-down and the last the lift) and trace (several
                gestures, ids kept); INPUT defaults to standard input.
      stdin     The same lines streamed; each trace is written as it ends.
      getevent  An Android 'getevent -lt' or 'getevent -t' log (protocol
                A or B, first finger); times need -t.
      evemu     An 'evemu-record' log (libinput's test suite and bug
                reports); axis ranges from its header or from NAME.desc
                beside NAME.events.
      libinput  A 'libinput record' YAML file of a touchscreen or touchpad.
      terminal  Drags made with the mouse in this terminal.
      browser   Gestures on a web page this command serves (open the
                printed address on a phone; --host 0.0.0.0 to reach it
                over the network, with a token in the address).
    """

  @Test func derivedHelpBlockIsTheHandWrittenOne() {
    #expect(RecordSource.helpBlock == Self.handWrittenHelp)
    #expect(
      run(["record", "--help"]).output.contains("Sources (--from):\n" + Self.handWrittenHelp))
  }

  @Test func namesAreUniqueAndFitTheHelpColumn() {
    let names = RecordSource.all.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { $0.count < 10 })
    #expect(RecordSource.all.allSatisfy { $0.helpLines.allSatisfy { $0.count <= 68 } })
  }

  @Test(arguments: RecordSource.all.map(\.name))
  func everySourceIsAcceptedByFromAndShownInTheHelp(_ name: String) throws {
    let source = try #require(RecordSource(rawValue: name))
    #expect(source.name == name)
    let help = run(["record", "--help"]).output
    #expect(help.contains("\n  \(name.padding(toLength: 10, withPad: " ", startingAt: 0))"))
    #expect(RecordOptions.source.option.allowedValues == RecordSource.all.map(\.name))
    // A missing file, so no source waits for input; the value is accepted.
    let result = run(["record", "--from", name, "/nonexistent/missing.txt"])
    #expect(!result.error.contains("is invalid for '--from"), "\(result.error)")
  }

  @Test(arguments: RecordSource.sniffedNames)
  func everyFileFormatIsToldFromItsOwnSampleAndRecorded(_ name: String) throws {
    let sample = try #require(Self.samples[name], "no sample for --from \(name)")
    let path = packageRoot.appendingPathComponent(sample).path
    let format = try #require(AutoSource.sniff(file: path))
    let source = RecordSource.reading(format)
    #expect(source.name == name)
    #expect(format.general == source.format)
    let auto = run(["record", path])
    #expect(auto.exitCode == .success, "\(auto.error)")
    #expect(auto.error.hasPrefix("Reading '\(path)' as \(format.description) (--from \(name);"))
    let traces = RecordCommandTests.traces(auto.output)
    #expect(!traces.isEmpty)
    #expect(traces.allSatisfy { $0.metadata.source == name })
    #expect(run(["record", "--from", name, path]).output == auto.output)
  }

  @Test func autoHelpNamesEveryToldSourceAndOnlyThose() {
    #expect(RecordSource.sniffedNames == ["csv", "getevent", "evemu", "libinput"])
    #expect(Set(Self.samples.keys) == Set(RecordSource.sniffedNames))
  }

  @Test func unknownFormatListsEveryOtherSource() {
    let result = run(["record", "-"], input: "hello\n")
    #expect(result.exitCode == .usage)
    let others = RecordSource.all.filter { $0 != .auto }.map { "  - \($0.name)" }
    #expect(result.error.contains(others.joined(separator: "\n")), "\(result.error)")
  }

  @Test func noTraceMessageNamesTheFormatTheSourceReads() {
    let result = run(["record", "--from", "getevent", "-"], input: "t,x,y\n")
    #expect(result.exitCode == .dataError)
    #expect(result.error.contains("read as a getevent log"), "\(result.error)")
  }
}
