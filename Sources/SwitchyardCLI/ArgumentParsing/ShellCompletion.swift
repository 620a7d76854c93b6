import Foundation

/// The completion scripts `completion bash|zsh|fish` prints, generated from a tool's commands
/// and options, so they never fall behind the command line itself.
enum ShellCompletion: String, CaseIterable {
  case bash, zsh, fish

  /// The script for `tool`, to be sourced by the shell.
  func script(for tool: CommandLineTool) -> String {
    switch self {
    case .bash: Self.bash(tool)
    case .zsh: "#compdef \(tool.name)\nautoload -U +X bashcompinit && bashcompinit\n" + Self.bash(tool)
    case .fish: Self.fish(tool)
    }
  }

  /// The `completion` command itself, completing `tool`'s other commands.
  static func command(for tool: CommandLineTool) -> Command {
    Command(
      name: "completion",
      abstract: "Print a shell completion script for bash, zsh or fish.",
      discussion: """
        Completes commands, their options, and directories after --run-dir and --data-dir.
        Load it in the current shell, or install it for every new one:
          bash  source <(\(tool.name) completion bash)      (or > /etc/bash_completion.d/\(tool.name))
          zsh   source <(\(tool.name) completion zsh)
          fish  \(tool.name) completion fish | source       (or > ~/.config/fish/completions/\(tool.name).fish)
        """,
      arguments: [CommandArgument("SHELL", help: "bash, zsh or fish.")],
      examples: ["source <(\(tool.name) completion bash)"],
      run: { arguments in
        let name = arguments.argument("SHELL") ?? ""
        guard let shell = ShellCompletion(rawValue: name) else {
          throw UsageError.invalidValue(name: "SHELL", value: name, expected: "bash, zsh or fish")
        }
        StandardStream.output.write(shell.script(for: tool))
        return 0
      }
    )
  }

  private static func bash(_ tool: CommandLineTool) -> String {
    let function = "_" + String(tool.name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    let commands = tool.commands.map(\.name) + ["help"]
    let cases = tool.commands.map { command in
      "    \(command.name)) options=\"\((command.options.map(\.name) + ["--help"]).joined(separator: " "))\" ;;"
    }
    // After an option that takes a directory or a file, the shell offers those.
    let pathCases = [("DIR", "-d"), ("FILE", "-f")].compactMap { valueName, flag -> String? in
      let names = Set(tool.commands.flatMap(\.options).filter { $0.valueName == valueName }.map(\.name)).sorted()
      return names.isEmpty ? nil : "    \(names.joined(separator: "|"))) COMPREPLY=($(compgen \(flag) -- \"$current\")); return ;;"
    }
    let directoryCompletion = pathCases.isEmpty ? "" : """
        case "$previous" in
      \(pathCases.joined(separator: "\n"))
        esac

      """
    return """
      \(function)() {
        local current="${COMP_WORDS[COMP_CWORD]}" previous="${COMP_WORDS[COMP_CWORD-1]}" options=""
        if [ "$COMP_CWORD" -eq 1 ]; then
          COMPREPLY=($(compgen -W "\(commands.joined(separator: " ")) --help --version" -- "$current"))
          return
        fi
      \(directoryCompletion)  case "${COMP_WORDS[1]}" in
      \(cases.joined(separator: "\n"))
        esac
        COMPREPLY=($(compgen -W "$options" -- "$current"))
      }
      complete -F \(function) \(tool.name)

      """
  }

  private static func fish(_ tool: CommandLineTool) -> String {
    var lines = ["complete -c \(tool.name) -f"]
    for command in tool.commands {
      lines.append("complete -c \(tool.name) -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.abstract))")
      for option in command.options {
        let takesValue = option.takesValue ? (option.takesPath ? " -r -F" : " -r") : ""
        lines.append(
          "complete -c \(tool.name) -n '__fish_seen_subcommand_from \(command.name)' -l \(option.name.dropFirst(2))\(takesValue) -d \(quoted(option.help))"
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
  }
}

extension CommandOption {
  /// Whether a value follows the option.
  fileprivate var takesValue: Bool {
    if case .none = value { return false }
    return true
  }

  /// The name of its value in the help (`DIR`, `FILE`, `N`), or `nil` for a flag.
  fileprivate var valueName: String? {
    switch value {
    case let .required(name), let .optional(name, _): name
    case .none: nil
    }
  }

  /// Whether its value is a directory or file, which the shell completes from the file system.
  fileprivate var takesPath: Bool {
    valueName == "DIR" || valueName == "FILE"
  }
}
