extension Journal {
  /// Makes `directory` a journal that starts from `snapshot`: its segments, snapshots and
  /// `HIGHWATER` are removed, the snapshot written and an empty segment started after it, so that
  /// ``open(directory:options:restoringAtOrBefore:restore:replay:)`` restores the snapshot and
  /// appends from the record after it.
  ///
  /// For a replica whose records come from elsewhere: what the directory held is discarded, and
  /// the directory's lock is taken for the while, so a journal open on it refuses this.
  public static func install(_ snapshot: JournalSnapshot, in directory: String) throws(JournalError) {
    let dataDirectory = DataDirectory(path: directory)
    try dataDirectory.create()
    let lock = try DirectoryLock(dataDirectory)
    defer { lock.release() }
    for name in try dataDirectory.names() {
      switch DataDirectory.entry(named: name) {
      case .segment, .snapshot, .unfinishedSnapshot: try dataDirectory.remove(name)
      default: if name == HighWaterMark.fileName { try dataDirectory.remove(name) }
      }
    }
    _ = try FormatFile.check(dataDirectory, hasJournalFiles: false)
    try SnapshotStore(directory: dataDirectory).write(snapshot)
    let segment = try SegmentAppender(directory: dataDirectory, startingAt: snapshot.sequence + 1, segmentSize: .max)
    try segment.synchronize()
    segment.close()
    try HighWaterMark.write(HighWaterMark.Contents(segment: snapshot.sequence + 1, through: snapshot.sequence), in: dataDirectory)
  }
}
