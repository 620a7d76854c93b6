import Glibc

/// The data directory's `FORMAT` file, `switchyard-journal <version>`: written first, read first,
/// so a newer layout is refused before any of its files is touched.
enum FormatFile {
  private static let prefix = "switchyard-journal "

  /// Checks the directory's format, writing the file into a directory that has no journal yet.
  static func check(_ directory: DataDirectory, hasJournalFiles: Bool) throws(JournalError) {
    let path = directory.file(DataDirectory.formatFileName)
    guard let version = try read(path) else {
      if hasJournalFiles { throw .missingFormatFile(directory: directory.path) }
      try write(path)
      try directory.synchronize()
      return
    }
    if version > DataDirectory.formatVersion {
      throw .newerFormat(directory: directory.path, found: version, supported: DataDirectory.formatVersion)
    }
  }

  /// The version the file names, or `nil` when there is no file.
  static func read(_ path: String) throws(JournalError) -> Int? {
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(path, O_RDONLY)
    } catch {
      if case .io(_, _, ENOENT) = error { return nil }
      throw error
    }
    defer { file.close() }
    let text = String(decoding: try file.readAll(), as: UTF8.self)
    guard text.hasPrefix(prefix), let version = Int(text.dropFirst(prefix.count).prefix { $0 != "\n" }), version > 0 else {
      throw .unreadableFormat(path: path)
    }
    return version
  }

  private static func write(_ path: String) throws(JournalError) {
    let file = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_TRUNC)
    defer { file.close() }
    try file.write(Array((prefix + String(DataDirectory.formatVersion) + "\n").utf8))
    try file.synchronize()
  }
}
