import Foundation

/// `send ACTION_JSON`: sends one action to the store.
enum SendCommand {
  static func command(toolName: String, examples: [String]) -> Command {
    Command(
      name: "send",
      abstract: "Send one action, as JSON, to the store.",
      discussion: """
        The action is the JSON form of the application's Action enum: the case name as the key,
        its labelled values as an object. Invalid JSON is reported with a caret under the offending
        character; an action the store cannot decode is reported with the decoder's message naming
        the field. An action the application does not take from clients, such as a worker's answer,
        is refused (actionRefused) and nothing is reduced.

        Prints 'sent' and the journal sequence number the action was given, which
        '\(toolName) history' lists it under ('sent' alone under --no-journal); --json prints
        {"sent":true,"sequence":N} instead (no "sequence" without a journal).
        """,
      arguments: [
        CommandArgument(
          "ACTION_JSON", help: "The action, e.g. '{\"caseName\":{\"label\":\"value\"}}'; - reads it from standard input, @FILE from a file."
        )
      ],
      options: [.runDirectory, .flag("--json", help: "Print {\"sent\":true,\"sequence\":N} instead of text.")],
      examples: examples + ["echo '{\"caseName\":{}}' | \(toolName) send -", "\(toolName) send @action.json"],
      run: { arguments in
        let action = try ActionText.parse(try text(of: arguments.argument("ACTION_JSON") ?? ""))
        let sequence = try CoordinatorConnection(runDirectory: arguments.runDirectory).leading().send(action)
        if arguments.flag("--json") {
          StandardStream.output.write(try JSONText.compact(Sent(sequence: sequence)) + "\n")
        } else {
          StandardStream.output.write(sequence.map { "sent: journal sequence \($0)\n" } ?? "sent\n")
        }
        return 0
      }
    )
  }

  /// What `--json` prints.
  private struct Sent: Encodable {
    var sent = true
    var sequence: UInt64?
  }

  /// The action's text: the argument itself, standard input for `-`, or a file's for `@FILE`.
  private static func text(of argument: String) throws -> String {
    if argument == "-" {
      return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
    guard argument.hasPrefix("@") else { return argument }
    let path = String(argument.dropFirst())
    guard let data = FileManager.default.contents(atPath: path) else {
      throw UsageError.invalidValue(name: "ACTION_JSON", value: argument, expected: "@FILE naming a readable file")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
