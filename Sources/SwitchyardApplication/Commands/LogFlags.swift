/// The flags `start` and `worker` share to choose how they log.
enum LogFlags {
  static let format = CommandOption.value(
    "--log-format", "FORMAT", help: "text (default: the lines as always) or json (one object per line, for a log shipper)."
  )
  static let level = CommandOption.value("--log-level", "LEVEL", help: "debug, info (default), warning or error: the least a line must matter.")

  /// Sets the process's ``Logger`` from `--log-format` and `--log-level`.
  static func configure(_ arguments: ParsedArguments) throws(UsageError) {
    let formatText = arguments.value(format.name) ?? LogFormat.text.rawValue
    guard let chosenFormat = LogFormat(rawValue: formatText) else {
      throw .invalidValue(name: format.name, value: formatText, expected: "text or json")
    }
    let levelText = arguments.value(level.name) ?? LogLevel.info.rawValue
    guard let chosenLevel = LogLevel(rawValue: levelText) else {
      throw .invalidValue(name: level.name, value: levelText, expected: "debug, info, warning or error")
    }
    Logger.standardError.configure(format: chosenFormat, minimumLevel: chosenLevel)
  }
}
