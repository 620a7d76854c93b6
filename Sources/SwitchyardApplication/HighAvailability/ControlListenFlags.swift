/// `start`'s flags for the TCP control listener: `--control-listen` and `--control-token`.
enum ControlListenFlags {
  static let listen = CommandOption.value(
    "--control-listen", "HOST:PORT",
    help: "Serve the control protocol over TCP too, for clients on other hosts (--run-dir tcp://HOST:PORT); with --ha a standby serves it too, redirecting to the leader, whose lease advertises its own (an address other than 127.x or [::1] needs --control-token)."
  )
  static let token = CommandOption.value(
    "--control-token", "TOKEN", help: "A secret every TCP control client sends in its hello; the CLI sends SWITCHYARD_CONTROL_TOKEN.",
    environmentVariable: "SWITCHYARD_CONTROL_TOKEN"
  )

  /// Reads `--control-listen` and `--control-token`.
  static func configuration(_ arguments: ParsedArguments) throws(UsageError) -> ControlListenConfiguration? {
    try ControlListenConfiguration.commandLine(address: arguments.value(listen.name), token: arguments.value(token.name))
  }
}
