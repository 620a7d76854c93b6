import Foundation
import Glibc

/// A command-line tool made of subcommands: picks the command, prints help and version, and turns
/// outcomes into exit statuses — 0 for success, 1 for a runtime error, 2 for bad usage, or an
/// ``ExitStatusError``'s own.
package struct CommandLineTool: Sendable {
  /// The executable's name, as the help spells it.
  package var name: String
  /// Printed by `--version`.
  package var version: String
  /// One line under the name in the tool's help.
  package var abstract: String
  /// Its subcommands, in the order the help lists them.
  package var commands: [Command]

  /// Creates a tool.
  package init(name: String, version: String, abstract: String, commands: [Command]) {
    self.name = name
    self.version = version
    self.abstract = abstract
    self.commands = commands
  }

  /// Its commands and the ones every tool has: `completion`.
  private var allCommands: [Command] {
    commands + [ShellCompletion.command(for: self)]
  }

  /// The usage line of the tool itself.
  package var usageLine: String { "\(name) <command> [options]" }

  /// The tool's help: what it is, its commands, its own options.
  package var help: String {
    let commandRows = allCommands.map { ($0.name, $0.abstract) }
    let optionRows = [("-h, --help", "Show this help."), ("--version", "Show the version.")]
    return """
      \(name) — \(abstract)

      USAGE: \(usageLine)

      COMMANDS:
      \(Command.list(commandRows))

      OPTIONS:
      \(Command.list(optionRows))

      See '\(name) <command> --help' for a command's options and examples.

      """
  }

  /// Runs the command the process's own arguments name and returns the exit status.
  ///
  /// Reads them as bytes: `CommandLine.arguments` turns invalid UTF-8 into U+FFFD, which would
  /// send an action nobody typed. An argument that is not UTF-8 is a usage error.
  @MainActor
  public func run() async -> Int32 {
    var arguments: [String] = []
    for index in 1..<Int(CommandLine.argc) {
      guard let bytes = CommandLine.unsafeArgv[index] else { break }
      guard let argument = String(validatingCString: bytes) else {
        let raw = UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: strlen(bytes))
        return usageFailure(.notUTF8(position: index, bytes: Array(raw)), usage: usageLine, helpHint: "\(name) --help")
      }
      arguments.append(argument)
    }
    return await run(arguments)
  }

  /// Runs the command `arguments` name (the words after the executable) and returns the exit status.
  @MainActor
  package func run(_ arguments: [String]) async -> Int32 {
    guard let first = arguments.first, !["-h", "--help", "help"].contains(first) else {
      if arguments.count > 1, let command = allCommands.first(where: { $0.name == arguments[1] }) {
        StandardStream.output.write(command.help(toolName: name))
      } else {
        StandardStream.output.write(help)
      }
      return 0
    }
    if first == "--version" || first == "version" {
      StandardStream.output.write("\(name) \(version)\n")
      return 0
    }
    guard let command = allCommands.first(where: { $0.name == first }) else {
      let suggestion = Suggestion.closest(to: first, among: allCommands.map(\.name))
      return usageFailure(.unknownCommand(first, suggestion: suggestion), usage: usageLine, helpHint: "\(name) --help")
    }
    let tokens = Array(arguments.dropFirst())
    if Command.asksForHelp(tokens) {
      StandardStream.output.write(command.help(toolName: name))
      return 0
    }
    let usage = command.usageLine(toolName: name)
    let hint = "\(name) \(command.name) --help"
    do {
      return try await command.run(command.parse(tokens, environment: ProcessInfo.processInfo.environment))
    } catch let error as UsageError {
      return usageFailure(error, usage: usage, helpHint: hint)
    } catch let error as any ExitStatusError {
      StandardStream.error.write("error: \(error)\n")
      return error.exitStatus
    } catch {
      StandardStream.error.write("error: \(error)\n")
      return 1
    }
  }

  private func usageFailure(_ error: UsageError, usage: String, helpHint: String) -> Int32 {
    StandardStream.error.write("error: \(error)\nusage: \(usage)\nSee '\(helpHint)'.\n")
    return 2
  }
}
