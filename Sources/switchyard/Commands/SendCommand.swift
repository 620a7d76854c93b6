import SwitchyardCLI
import SwitchyardWire

/// `switchyard send ACTION_JSON`: sends one action to the store.
enum SendCommand {
  static let command = Command(
    name: "send",
    abstract: "Send one action, as JSON, to the store.",
    discussion: """
      The action is the JSON form of the application's Action enum: the case name as the key,
      its labelled values as an object. Invalid JSON is reported with a caret under the offending
      character; an action the store cannot decode is reported with the decoder's message naming
      the field.
      """,
    arguments: [CommandArgument("ACTION_JSON", help: "The action, e.g. '{\"sessionOpened\":{\"id\":\"2\"}}'.")],
    options: [.runDirectory],
    examples: [
      #"switchyard send '{"sessionOpened":{"id":"2"}}'"#,
      #"switchyard send '{"sessions":{"element":{"id":"2","action":{"search":{"searchQueryChanged":"copper"}}}}}'"#,
      #"switchyard send '{"start":{"name":"a","job":{"tag":"t","outputs":3},"cancelInFlight":false}}'   # probe"#,
    ],
    run: { arguments in
      let text = arguments.argument("ACTION_JSON") ?? ""
      let action = try ActionText.parse(text)
      try CoordinatorConnection(runDirectory: arguments.runDirectory).send(action)
      StandardStream.output.write("sent\n")
      return 0
    }
  )
}
