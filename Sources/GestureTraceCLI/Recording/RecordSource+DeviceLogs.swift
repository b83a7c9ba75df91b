import GestureTrace

extension RecordSource {
  /// An Android `getevent -lt` log.
  static let getevent = RecordSource(
    name: "getevent",
    help: [
      "An Android 'getevent -lt' or 'getevent -t' log (protocol",
      "A or B, first finger); times need -t.",
    ],
    input: .file,
    reading: .deviceLog(.getevent(labels: nil, timestamps: nil)) { _ in
      DeviceLogOpening(decoder: GeteventLogParser())
    })

  /// An `evemu-record` log, with the `.desc` file beside it if any.
  static let evemu = RecordSource(
    name: "evemu",
    help: [
      "An 'evemu-record' log (libinput's test suite and bug",
      "reports); axis ranges from its header or from NAME.desc",
      "beside NAME.events.",
    ],
    input: .file, reading: .deviceLog(.evemu, open: openEvemu))

  /// A `libinput record` YAML file.
  static let libinput = RecordSource(
    name: "libinput",
    help: ["A 'libinput record' YAML file of a touchscreen or touchpad."],
    input: .file,
    reading: .deviceLog(.libinput) { _ in DeviceLogOpening(decoder: LibinputRecordParser()) })

  /// An evemu log's decoder, with the device the `.desc` file beside
  /// `path` (`NAME.events` → `NAME.desc`) describes: its name, axis ranges
  /// and resolution. No file, no description.
  private static func openEvemu(_ path: String) throws(CommandError) -> DeviceLogOpening {
    guard path.hasSuffix(".events") else {
      return DeviceLogOpening(decoder: EvemuRecordParser(device: InputDevice()))
    }
    let description = String(path.dropLast(".events".count)) + ".desc"
    guard Platform.exists(description), !Platform.isDirectory(description) else {
      return DeviceLogOpening(decoder: EvemuRecordParser(device: InputDevice()))
    }
    var parser = EvemuRecordParser()
    var problems: [TraceFileProblem] = []
    let collect = { (item: DeviceLogItem) in
      if case .problem(let problem) = item { problems.append(problem) }
    }
    try Platform.readFile(description) { chunk in
      parser.push(chunk, into: collect)
      return true
    }
    parser.finish(into: collect)
    return DeviceLogOpening(
      decoder: EvemuRecordParser(device: parser.device), problems: problems,
      problemFile: description)
  }
}
