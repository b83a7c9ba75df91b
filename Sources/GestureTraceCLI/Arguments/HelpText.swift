/// Renders help screens in argument-parser's layout, wrapped at 80 columns.
enum HelpText {
  static let width = 80
  static let labelColumn = 26

  /// The root help: overview, usage, options and subcommands.
  static func root(commands: [CommandSpec]) -> String {
    var text = "OVERVIEW: Record, replay and analyze pan gesture traces.\n\n"
    text += wrap(
      "GestureTrace records pan gestures into trace files, replays them through "
        + "interactive-transition logic on a virtual clock, and analyzes the decisions "
        + "that logic makes.", indent: 0)
    text += "\nUSAGE: gesturetrace <subcommand>\n\n"
    text += "OPTIONS:\n"
    for option in CommandSpec.commonOptions {
      text += entry(option.label, option.help)
    }
    text += "\nSUBCOMMANDS:\n"
    for command in commands {
      text += entry(command.name, command.abstract)
    }
    text += "\n  See 'gesturetrace help <subcommand>' for detailed help.\n"
    return text
  }

  /// A subcommand's help.
  static func command(_ spec: CommandSpec) -> String {
    var text = "OVERVIEW: \(spec.abstract)\n\n"
    if let discussion = spec.discussion {
      for paragraph in discussion.split(separator: "\n\n", omittingEmptySubsequences: false) {
        text += wrap(String(paragraph), indent: 0) + "\n"
      }
    }
    text += usage(spec.usageParts) + "\n"
    if !spec.arguments.isEmpty {
      text += "ARGUMENTS:\n"
      for argument in spec.arguments {
        text += entry("<\(argument.name)>", argument.help)
      }
      text += "\n"
    }
    text += "OPTIONS:\n"
    for option in spec.allOptions where !option.isHidden {
      var help = option.help
      var notes: [String] = []
      if let values = option.allowedValues {
        notes.append("values: " + values.joined(separator: ", "))
      }
      if let value = option.defaultValue { notes.append("default: \(value)") }
      if !notes.isEmpty { help += " (\(notes.joined(separator: "; ")))" }
      text += entry(option.label, help)
    }
    if !spec.examples.isEmpty {
      text += "\nEXAMPLES:\n"
      for example in spec.examples {
        text += exampleLines(example.command)
        text += wrap(example.comment, indent: 6)
      }
    }
    return text
  }

  /// An example command indented by 2; one too long for the width is
  /// continued on lines indented by 4 after a ` \`, as a shell reads it.
  /// Words in single quotes are never split, nor an option or `>` from the
  /// word after it (`-o pans.csv`, `> day1.csv`).
  static func exampleLines(_ command: String) -> String {
    var words: [String] = []
    var quoted = false
    var current = ""
    for character in command {
      if character == "'" { quoted.toggle() }
      if character == " " && !quoted {
        words.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    words.append(current)
    let operators: Set<String> = ["|", ">", "<", "&&", ";"]
    var index = 0
    while index + 1 < words.count {
      let word = words[index]
      let next = words[index + 1]
      let isOption = word.hasPrefix("-") && word != "-" && !next.hasPrefix("-")
      if (isOption || word == ">") && !operators.contains(next) {
        words[index] += " " + next
        words.remove(at: index + 1)
      }
      index += 1
    }
    var text = ""
    var line = "  "
    for word in words {
      let separator = line.count > 4 ? " " : ""
      // NB: room is left for the ` \` that ends a continued line.
      if line.count > 4, line.count + 1 + word.count + 2 > width {
        text += line + " \\\n"
        line = "    " + word
      } else {
        line += separator + word
      }
    }
    return text + line + "\n"
  }

  /// The usage line, wrapped with continuation lines indented.
  static func usage(_ parts: [String]) -> String {
    var text = "USAGE:"
    var column = text.count
    for word in parts {
      if column + 1 + word.count > width {
        text += "\n" + String(repeating: " ", count: 9) + word
        column = 9 + word.count
      } else {
        text += " " + word
        column += 1 + word.count
      }
    }
    return text + "\n"
  }

  /// One label and its wrapped description.
  static func entry(_ label: String, _ help: String) -> String {
    let padded = "  " + label
    if padded.count + 2 > labelColumn {
      return padded + "\n" + wrap(help, indent: labelColumn)
    }
    let lines = wrapLines(help, width: width - labelColumn)
    var text = ""
    for (index, line) in lines.enumerated() {
      if index == 0 {
        text += padded + String(repeating: " ", count: labelColumn - padded.count) + line + "\n"
      } else {
        text += String(repeating: " ", count: labelColumn) + line + "\n"
      }
    }
    return text.isEmpty ? padded + "\n" : text
  }

  /// Wraps text to the width with every line indented.
  static func wrap(_ text: String, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    var result = ""
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      // Lines that start with spaces are kept as they are (code, lists).
      if paragraph.hasPrefix(" ") || paragraph.isEmpty {
        result += (paragraph.isEmpty ? "" : pad + paragraph) + "\n"
        continue
      }
      for line in wrapLines(String(paragraph), width: width - indent) {
        result += pad + line + "\n"
      }
    }
    return result
  }

  static func wrapLines(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if current.isEmpty {
        current = String(word)
      } else if current.count + 1 + word.count <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
