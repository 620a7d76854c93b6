import Foundation

/// Writes one line to standard error, where a remote worker's log goes.
func writeToStandardError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
