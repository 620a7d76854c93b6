
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
        """,
      arguments: [CommandArgument("ACTION_JSON", help: "The action, e.g. '{\"caseName\":{\"label\":\"value\"}}'.")],
      options: [.runDirectory],
      examples: examples,
      run: { arguments in
        let text = arguments.argument("ACTION_JSON") ?? ""
        let action = try ActionText.parse(text)
        try CoordinatorConnection(runDirectory: arguments.runDirectory).send(action)
        StandardStream.output.write("sent\n")
        return 0
      }
    )
  }
}
