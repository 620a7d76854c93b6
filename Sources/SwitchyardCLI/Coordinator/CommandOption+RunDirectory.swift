extension CommandOption {
  /// `--run-dir DIR`: which coordinator a command talks to or starts; every such command takes it.
  public static let runDirectory = CommandOption.value(
    "--run-dir", "DIR", help: "The coordinator's run directory, or tcp://HOST:PORT where it serves --control-listen (default: \(ParsedArguments.defaultRunDirectory)).",
    environmentVariable: "SWITCHYARD_RUN_DIR"
  )
}

extension ParsedArguments {
  /// Where `switchyard start` puts its socket when not told otherwise.
  public static let defaultRunDirectory = ".switchyard"

  /// The `--run-dir` given, or the default.
  public var runDirectory: String {
    value(CommandOption.runDirectory.name) ?? Self.defaultRunDirectory
  }
}
