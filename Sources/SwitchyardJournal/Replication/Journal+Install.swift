extension Journal {
  /// The file that marks a data directory's journal as part of a shared journal (a standby's copy,
  /// or a leader's own once it leads), which ``install(_:in:)`` may discard.
  static let copyMarkerName = "REPLICA"

  /// Marks `directory`'s journal as part of a shared journal: what a leader's journal becomes, so
  /// that the standby it turns into later replaces it without setting it aside.
  public static func markShared(in directory: String) throws(JournalError) {
    let dataDirectory = DataDirectory(path: directory)
    try dataDirectory.create()
    try dataDirectory.replace(copyMarkerName, with: copyMarker)
  }

  private static let copyMarker = Array("part of a shared journal, which a standby replaces as it copies it again\n".utf8)

  /// Makes `directory` a journal that starts from `snapshot`: its segments, snapshots and
  /// `HIGHWATER` are removed, the snapshot written and an empty segment started after it, so that
  /// ``open(directory:options:restoringAtOrBefore:restore:replay:)`` restores the snapshot and
  /// appends from the record after it; returns the files it set aside.
  ///
  /// For a replica whose records come from elsewhere: what the directory held is discarded when it
  /// was such a copy (its `REPLICA` file says so); a journal of the directory's own, which may hold
  /// the only record of acknowledged actions, is set aside as `NAME.replaced.damaged` instead. The
  /// directory's lock is taken for the while, so a journal open on it refuses this.
  @discardableResult
  public static func install(_ snapshot: JournalSnapshot, in directory: String) throws(JournalError) -> [String] {
    let dataDirectory = DataDirectory(path: directory)
    try dataDirectory.create()
    let lock = try DirectoryLock(dataDirectory)
    defer { lock.release() }
    let names = try dataDirectory.names()
    let journalFiles = names.filter { name in
      switch DataDirectory.entry(named: name) {
      case .segment, .snapshot, .unfinishedSnapshot: true
      default: name == HighWaterMark.fileName
      }
    }
    let holdsRecords = { (name: String) -> Bool in
      switch DataDirectory.entry(named: name) {
      case .segment, .snapshot: true
      default: false
      }
    }
    let isOwnJournal = !names.contains(copyMarkerName) && journalFiles.contains(where: holdsRecords)
    var setAside: [String] = []
    for name in journalFiles {
      if isOwnJournal && holdsRecords(name) {
        let aside = dataDirectory.unusedName(name + ".replaced" + SetAsideRecords.suffix)
        try dataDirectory.rename(name, to: aside)
        setAside.append(aside)
      } else {
        try dataDirectory.remove(name)
      }
    }
    _ = try FormatFile.check(dataDirectory, hasJournalFiles: false)
    try SnapshotStore(directory: dataDirectory).write(snapshot)
    let segment = try SegmentAppender(directory: dataDirectory, startingAt: snapshot.sequence + 1, segmentSize: .max)
    try segment.synchronize()
    segment.close()
    try HighWaterMark.write(HighWaterMark.Contents(segment: snapshot.sequence + 1, through: snapshot.sequence), in: dataDirectory)
    try dataDirectory.replace(copyMarkerName, with: copyMarker)
    return setAside
  }
}
