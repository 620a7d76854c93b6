import SwitchyardRuntime

/// Writes one line to standard error, where a remote worker's log goes, through the process's
/// ``Logger`` (`--log-format`, `--log-level`).
func writeToStandardError(_ line: String) {
  Logger.standardError.write(line: line)
}
