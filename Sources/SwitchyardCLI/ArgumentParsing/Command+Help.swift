/// The usage line and the `--help` text, generated from a command's arguments and options.
extension Command {
  /// `switchyard status [--json] [--watch [SECONDS]] …`, wrapped under the command's name past
  /// 100 columns (counting the 7 of the `usage: ` before it).
  public func usageLine(toolName: String) -> String {
    let head = "\(toolName) \(name)"
    let indent = String(repeating: " ", count: 7 + head.count + 1)
    var lines = [head]
    for part in options.map({ "[\($0.synopsis)]" }) + arguments.map(\.synopsis) {
      if 7 + lines[lines.count - 1].count + 1 + part.count > 100 {
        lines.append(indent + part)
      } else {
        lines[lines.count - 1] += " " + part
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The whole help: overview, usage, discussion, arguments, options, examples.
  public func help(toolName: String) -> String {
    var sections = ["OVERVIEW: \(abstract)", "USAGE: \(usageLine(toolName: toolName))"]
    if !discussion.isEmpty { sections.append(discussion) }
    if !arguments.isEmpty {
      sections.append("ARGUMENTS:\n" + Self.list(arguments.map { ($0.name, $0.help) }))
    }
    let helpOption = [("-h, --help", "Show this help.")]
    let optionRows = options.map { option in
      let environment = option.environmentVariable.map { " (env: \($0))" } ?? ""
      return ((option.aliases + [option.synopsis]).joined(separator: ", "), option.help + environment)
    }
    sections.append("OPTIONS:\n" + Self.list(optionRows + helpOption))
    if !examples.isEmpty {
      sections.append("EXAMPLES:\n" + examples.map { "  " + $0 }.joined(separator: "\n"))
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// Two columns: names padded to a common width, then the text; a long name puts its text on
  /// the next line.
  static func list(_ rows: [(String, String)]) -> String {
    let width = min(28, rows.map(\.0.count).max() ?? 0)
    return rows.map { name, text in
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let indent = String(repeating: " ", count: width + 4)
      let rest = lines.dropFirst().map { indent + $0 }
      let first = name.count > width
        ? "  \(name)\n\(indent)\(lines.first ?? "")"
        : "  \(name.padded(to: width))  \(lines.first ?? "")"
      return ([first] + rest).joined(separator: "\n")
    }.joined(separator: "\n")
  }
}
