import Glibc

/// Writes snapshot files atomically, finds the newest sound one, and removes what retention no
/// longer needs.
struct SnapshotStore: Sendable {
  let directory: DataDirectory

  /// Writes `snapshot` to a temporary file, fsyncs it, renames it into place and fsyncs the
  /// directory: a crash leaves either the whole snapshot or none.
  func write(_ snapshot: JournalSnapshot) throws(JournalError) {
    try directory.replace(DataDirectory.snapshotName(sequence: snapshot.sequence), with: SnapshotLayout.encode(snapshot))
  }

  /// The newest sound snapshot at or before `sequence`, among the newest `among` snapshot files,
  /// skipping damaged ones with a log line each (and setting them aside when `setAside`).
  func newest(
    atOrBefore sequence: UInt64 = .max,
    among: Int = .max,
    setAside: Bool = false,
    log: (_ line: String, _ file: String) -> Void = { _, _ in }
  ) throws(JournalError) -> JournalSnapshot? {
    for (snapshotSequence, name) in try directory.snapshots().suffix(among).reversed() where snapshotSequence <= sequence {
      switch try read(name) {
      case let .success(snapshot) where snapshot.sequence == snapshotSequence:
        return snapshot
      case .success:
        log("Skipped snapshot \(name): its header names another sequence than its file name.", name)
      case let .failure(failure):
        log("Skipped snapshot \(name): \(failure.reason).", name)
      }
      if setAside {
        let damagedName = directory.unusedName(name + SetAsideRecords.suffix)
        try directory.rename(name, to: damagedName)
        log("Set \(name) aside as \(damagedName).", name)
      }
    }
    return nil
  }

  /// The snapshot of record `sequence`, if its file is there and sound.
  func sound(at sequence: UInt64) throws(JournalError) -> JournalSnapshot? {
    let read: Result<JournalSnapshot, SnapshotLayout.LayoutError>
    do throws(JournalError) {
      read = try self.read(DataDirectory.snapshotName(sequence: sequence))
    } catch .io(_, _, ENOENT) {
      return nil
    }
    guard case let .success(snapshot) = read, snapshot.sequence == sequence else { return nil }
    return snapshot
  }

  /// Keeps the newest `kept` snapshots and the journal from the oldest of them on, which recovery
  /// needs, and the segments `history` retains with the newest snapshot before each of them, from
  /// which history rebuilds their states; removes every other snapshot and segment.
  func applyRetention(keeping kept: Int, history: HistoryRetention, now: Int64) throws(JournalError) {
    let snapshots = try directory.snapshots()
    guard let oldestKept = snapshots.suffix(kept).first?.sequence else { return }
    let segments = try directory.segments()
    var attributes: [(bytes: Int, modifiedNanoseconds: Int64)] = []
    for segment in segments { attributes.append(try directory.attributes(of: segment.name)) }
    let letGo = history.segmentsLetGo(attributes, now: now)
    let historyStart = segments.indices.contains(letGo) ? segments[letGo].firstSequence : oldestKept + 1
    let base = (snapshots.last { $0.sequence < historyStart } ?? snapshots[0]).sequence
    // Every kept segment becomes history's first once those before it are let go, and its states
    // are then rebuilt from the snapshot before it: removing that one now would leave an older
    // base, and every segment since, for good.
    var bases: Set<UInt64> = [base]
    for segment in segments[letGo...] {
      if let before = snapshots.last(where: { $0.sequence < segment.firstSequence }) { bases.insert(before.sequence) }
    }
    let keptFrom = min(base, oldestKept)
    for (sequence, name) in snapshots.dropLast(kept) where !bases.contains(sequence) { try directory.remove(name) }
    // A segment's records all precede the next segment's first one; the last segment is never removed.
    for (index, (segment, next)) in zip(segments, segments.dropFirst()).enumerated()
    where index < letGo && next.firstSequence <= keptFrom + 1 {
      try directory.remove(segment.name)
    }
    try directory.synchronize()
  }

  private func read(_ name: String) throws(JournalError) -> Result<JournalSnapshot, SnapshotLayout.LayoutError> {
    let file = try FileDescriptor.open(directory.file(name), O_RDONLY)
    defer { file.close() }
    return SnapshotLayout.decode(try file.readAll())
  }
}
