import Foundation

/// The journal records `start --skip-record` told recovery to leave out, kept in the data
/// directory's `skipped` file, one sequence number a line: every later replay leaves them out too,
/// including one that starts from a snapshot before them.
enum SkippedRecords {
  static func path(in directory: String) -> String {
    directory + "/skipped"
  }

  /// The records skipped so far in `directory`.
  static func read(directory: String) -> Set<UInt64> {
    guard let data = FileManager.default.contents(atPath: path(in: directory)) else { return [] }
    return Set(String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { UInt64($0) })
  }

  /// Notes that `sequence` is skipped from now on, on disk before the recovery that skipped it goes on.
  static func add(_ sequence: UInt64, directory: String) throws {
    let path = path(in: directory)
    if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("\(sequence)\n".utf8))
    try handle.synchronize()
  }
}
