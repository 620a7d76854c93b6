import Glibc

/// Why the journal could not open, append, snapshot or read; each description says what to do.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A system call failed on a file of the data directory.
  case io(operation: String, path: String, errno: Int32)
  /// Another process (or another ``Journal`` in this one) holds the data directory's lock.
  case locked(directory: String, holder: String?)
  /// The data directory was written by a newer Switchyard, whose format this one cannot read.
  case newerFormat(directory: String, found: Int, supported: Int)
  /// The format-version file exists but does not say a version this journal knows how to read.
  case unreadableFormat(path: String)
  /// The directory holds journal files but no format-version file.
  case missingFormatFile(directory: String)
  /// A record in the middle of the journal is damaged.
  case corruptRecord(segment: String, offset: Int, reason: String)
  /// Records that a later sound snapshot covers are damaged: recovery never needs them, and a
  /// reader that does not go past them stops there.
  case damagedBeforeSnapshot(JournalDamage)
  /// Records are missing between two that are present: a segment was removed or lost.
  case missingRecords(from: UInt64, through: UInt64, before: String)
  /// The directory's `HIGHWATER` file, or a snapshot, says the journal held records it no longer
  /// holds: segments were removed or lost.
  case recordsLost(directory: String, evidence: String)
  /// The `HIGHWATER` file holds something other than the lines this journal writes.
  case unreadableHighWaterMark(path: String)
  /// The newest snapshot covers records the journal does not hold.
  case snapshotAheadOfJournal(snapshot: String, sequence: UInt64, journalEnd: UInt64)
  /// A payload longer than a record may carry.
  case payloadTooLarge(size: Int, limit: Int)
  /// A batch of records numbered from `found` arrived where the journal's next number is `expected`.
  case outOfSequence(expected: UInt64, found: UInt64)
  /// The journal was closed, or stopped after a failed write, and appends nothing more.
  case stopped(reason: String)
  /// Copying records to the journal's replica (such as the shared journal in Redis) failed: they
  /// are not acknowledged, and the journal stops.
  case replicationFailed(first: UInt64, last: UInt64, reason: String)
  /// A snapshot was written but could not be copied to the journal's replica, which keeps its
  /// older snapshots; the journal goes on.
  case snapshotNotReplicated(sequence: UInt64, reason: String)
  /// Writing stalled for want of space: the records wait in memory until a retry succeeds.
  case stalled(reason: String)
  /// A snapshot's state could not be encoded.
  case snapshotEncodingFailed(reason: String)
  /// The journal no longer holds what is needed to rebuild the state at `sequence`.
  case historyUnavailable(sequence: UInt64, reason: String)
  /// Retention removed `segment` after a reader without the lock listed it and before it opened it.
  case removedWhileRead(segment: String)
  /// A backup was asked of a directory that holds no journal.
  case backupSourceNotJournal(directory: String)
  /// A backup's destination already exists; a backup never writes over anything.
  case backupDestinationExists(path: String)
  /// The `VERSIONS` file holds something other than the lines the journal writes.
  case unreadableVersions(path: String)
  /// A newer version of the application wrote into the data directory than the one opening it,
  /// which cannot read what that version wrote.
  case newerApplicationVersion(directory: String, found: Int, build: Int)

  /// Whether this is a write that found no space on the disk (or in the quota): nothing of it
  /// stays on disk, so the same write can be tried again once space frees.
  public var isOutOfSpace: Bool {
    guard case let .io(operation, _, errno) = self else { return false }
    return (operation == "write" || operation == "open") && (errno == ENOSPC || errno == EDQUOT)
  }

  /// Whether the data directory itself is what is wrong — damaged, missing records, of another
  /// format — so that starting again cannot help until an operator repairs, restores or upgrades it.
  public var needsOperator: Bool {
    switch self {
    case .newerFormat, .unreadableFormat, .missingFormatFile, .corruptRecord, .missingRecords, .recordsLost,
      .unreadableHighWaterMark, .snapshotAheadOfJournal, .unreadableVersions, .newerApplicationVersion:
      true
    case .io, .locked, .damagedBeforeSnapshot, .payloadTooLarge, .outOfSequence, .stopped, .replicationFailed, .snapshotNotReplicated, .stalled, .snapshotEncodingFailed, .historyUnavailable, .removedWhileRead,
      .backupSourceNotJournal, .backupDestinationExists:
      false
    }
  }

  public var description: String {
    switch self {
    case let .io(operation, path, errno):
      "\(operation) failed on \(path): \(String(cString: strerror(errno))) (errno \(errno)). " + Self.advice(errno: errno)
    case let .locked(directory, holder):
      "The data directory \(directory) is in use by \(holder.map { "process \($0)" } ?? "another process"). "
        + "Stop that coordinator first, or give this one another --data-dir."
    case let .newerFormat(directory, found, supported):
      "The data directory \(directory) was written in journal format \(found), but this Switchyard reads "
        + "format \(supported) and older. Run the newer Switchyard that wrote it, or start with another --data-dir."
    case let .unreadableFormat(path):
      "\(path) does not name a journal format version. Restore it (\"switchyard-journal \(DataDirectory.formatVersion)\") if "
        + "this is a Switchyard data directory, or start with another --data-dir."
    case let .missingFormatFile(directory):
      "\(directory) holds journal segments but no FORMAT file, so its format is unknown. Restore the file "
        + "(\"switchyard-journal \(DataDirectory.formatVersion)\") if this is a Switchyard data directory, or start with "
        + "another --data-dir."
    case let .corruptRecord(segment, offset, reason):
      "The journal is damaged in \(segment) at byte \(offset): \(reason). Nothing was changed. Restore the "
        + "file from a backup, or start with --repair to cut the journal there (later records are set aside)."
    case let .damagedBeforeSnapshot(damage):
      damage.description
    case let .missingRecords(from, through, before):
      "The journal is missing records \(from) through \(through), just before \(before): a segment file was "
        + "removed or lost. Restore it, or start with --repair to cut the journal at the gap."
    case let .recordsLost(directory, evidence):
      "The data directory \(directory) has lost journal records: \(evidence). Starting would serve a state "
        + "without them, so nothing was changed. Restore the missing segment-*.log files from a backup, or start "
        + "with --repair to continue from what remains, knowingly without them."
    case let .unreadableHighWaterMark(path):
      "\(path) does not say how far the journal reached (lines 'segment N' and 'through N'). Restore it from a "
        + "backup, or remove it if you are sure no segment is missing."
    case let .snapshotAheadOfJournal(snapshot, sequence, journalEnd):
      "\(snapshot) covers the journal up to record \(sequence), but the journal ends at record \(journalEnd): "
        + "journal segments were lost. Restore them, or start with --repair to continue from the snapshot."
    case let .payloadTooLarge(size, limit):
      "A journal record of \(size) bytes is larger than the \(limit)-byte limit; the action was not journaled."
    case let .outOfSequence(expected, found):
      "A batch of journal records numbered from \(found) arrived where the next record is \(expected); it was not journaled."
    case let .stopped(reason):
      "The journal accepts no more records: \(reason)."
    case let .replicationFailed(first, last, reason):
      "Copying records \(first)–\(last) to the journal's replica failed, so they were not acknowledged: \(reason)"
    case let .snapshotNotReplicated(sequence, reason):
      "The snapshot of record \(sequence) is in the data directory, but copying it to the journal's replica failed, so the "
        + "replica keeps its older snapshots for standbys to start from; the journal goes on: \(reason)"
    case let .stalled(reason):
      "The journal cannot write now (\(reason)); it holds its records in memory and tries again on its own."
    case let .snapshotEncodingFailed(reason):
      "The state could not be encoded for a snapshot: \(reason). The journal still holds every action."
    case let .historyUnavailable(sequence, reason):
      "The state at record \(sequence) cannot be rebuilt: \(reason)."
    case let .removedWhileRead(segment):
      "Retention removed \(segment) while this read the journal, whose coordinator keeps writing and snapshotting. "
        + "Run it again, or read a copy taken with 'switchyard backup'."
    case let .backupSourceNotJournal(directory):
      "\(directory) holds no journal (no FORMAT file). Name the coordinator's data directory with --data-dir or --run-dir."
    case let .backupDestinationExists(path):
      "\(path) already exists, and a backup never writes over anything. Name a new directory."
    case let .unreadableVersions(path):
      "\(path) does not say which application versions wrote the journal (lines 'version V from N'). Restore it "
        + "from a backup, or remove it if every record was written by version 1."
    case let .newerApplicationVersion(directory, found, build):
      "The data directory \(directory) holds records of version \(found) of the application, and this build is "
        + "version \(build), which cannot read what a newer version wrote. Run version \(found) or later, or restore a "
        + "backup taken before the upgrade."
    }
  }
}

extension JournalError {
  /// What recovery found, without the refusal's advice: for the line saying `--repair` repaired
  /// it, which repeated "nothing was changed … start with --repair" when it quoted the refusal.
  var finding: String {
    switch self {
    case let .corruptRecord(segment, offset, reason):
      "the journal was damaged in \(segment) at byte \(offset): \(reason)."
    case let .missingRecords(from, through, before):
      "the journal was missing records \(from) through \(through), just before \(before)."
    case let .recordsLost(_, evidence):
      "journal records were lost: \(evidence)."
    default:
      description
    }
  }

  /// What to do about a failed file operation, as far as its `errno` says.
  private static func advice(errno: Int32) -> String {
    switch errno {
    case EISDIR:
      "A directory stands where the journal keeps a file: move it out of the data directory."
    case EACCES, EPERM, EROFS:
      "Check that the data directory is writable by this user, on a file system mounted read-write."
    case ENOSPC, EDQUOT:
      "The disk (or this user's quota) is full: free space, or give the journal another --data-dir."
    default:
      "Check that the data directory is writable and its disk is not full."
    }
  }
}
