/// `--data-dir DIR`, which `start` journals into and `history` reads.
enum DataDirectoryOption {
  static let option = CommandOption.value(
    "--data-dir", "DIR", help: "Where the journal and snapshots live (default: RUN_DIR/data).",
    environmentVariable: "SWITCHYARD_DATA_DIR"
  )

  /// `data` inside the run directory.
  static func defaultPath(runDirectory: String) -> String {
    runDirectory.hasSuffix("/") ? runDirectory + "data" : runDirectory + "/data"
  }

  /// The `--data-dir` given, or the run directory's default.
  static func path(_ arguments: ParsedArguments) -> String {
    arguments.value(option.name) ?? defaultPath(runDirectory: arguments.runDirectory)
  }
}
