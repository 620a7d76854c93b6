/// The data directory's `FORMAT` file, `switchyard-journal <version>`: written first, read first,
/// so a newer layout is refused before any of its files is touched.
///
/// A directory that an older version wrote is upgraded when a writer opens it: its file becomes
/// `switchyard-journal <version>` plus a line `upgraded-after N`, N being the last record written
/// before effects' ends were journaled, so a reader knows which records restart no effect.
enum FormatFile {
  private static let prefix = "switchyard-journal "
  private static let upgradedPrefix = "upgraded-after "

  /// What the file says.
  struct Contents: Equatable {
    var version: Int
    /// The last record written before effects' ends were journaled; 0 when none was.
    var upgradedAfter: UInt64
  }

  /// Checks the directory's format, writing the file into a directory that has no journal yet;
  /// returns the version found.
  static func check(_ directory: DataDirectory, hasJournalFiles: Bool) throws(JournalError) -> Contents {
    let path = directory.file(DataDirectory.formatFileName)
    guard let contents = try read(path) else {
      if hasJournalFiles { throw .missingFormatFile(directory: directory.path) }
      let current = Contents(version: DataDirectory.formatVersion, upgradedAfter: 0)
      try write(current, in: directory)
      return current
    }
    if contents.version > DataDirectory.formatVersion {
      throw .newerFormat(directory: directory.path, found: contents.version, supported: DataDirectory.formatVersion)
    }
    return contents
  }

  /// What the file says, or `nil` when there is no file.
  static func read(_ path: String) throws(JournalError) -> Contents? {
    guard let bytes = try FileDescriptor.contents(ofFileAt: path) else { return nil }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    guard let first = lines.first, first.hasPrefix(prefix), let version = Int(first.dropFirst(prefix.count)), version > 0 else {
      throw .unreadableFormat(path: path)
    }
    var upgradedAfter: UInt64 = 0
    for line in lines.dropFirst() where line.hasPrefix(upgradedPrefix) {
      guard let sequence = UInt64(line.dropFirst(upgradedPrefix.count)) else { throw .unreadableFormat(path: path) }
      upgradedAfter = sequence
    }
    return Contents(version: version, upgradedAfter: upgradedAfter)
  }

  /// Marks a directory that an older version (`found`) wrote as the current version's from the
  /// record after `lastSequence` on: written to a temporary file, fsynced, renamed into place.
  ///
  /// Records up to `lastSequence` predate journaled effects' ends only if `found` did not journal
  /// them; else the line `found` had, if any, stays as it was.
  static func upgrade(_ directory: DataDirectory, from found: Contents, lastSequence: UInt64) throws(JournalError) -> Contents {
    let upgradedAfter = found.version < DataDirectory.effectEndsSince ? lastSequence : found.upgradedAfter
    let upgraded = Contents(version: DataDirectory.formatVersion, upgradedAfter: upgradedAfter)
    try write(upgraded, in: directory)
    return upgraded
  }

  private static func write(_ contents: Contents, in directory: DataDirectory) throws(JournalError) {
    var text = prefix + String(contents.version) + "\n"
    if contents.upgradedAfter > 0 { text += upgradedPrefix + String(contents.upgradedAfter) + "\n" }
    try directory.replace(DataDirectory.formatFileName, with: Array(text.utf8))
  }
}
