import SwitchyardLog

/// Damage to records the snapshot recovery starts from covers: the state needs none of them, so
/// recovery reads past it and changes nothing (proto/JOURNAL.md, "Recovery", step 4).
extension JournalRecovery {
  /// Logs one warning for damage read past in `segment` at `offset`: the records `unreadable`
  /// (`nil` for a damaged header, whose records are numbered by the file name) cannot be read,
  /// and the snapshot of `covered` covers them.
  mutating func notePastDamage(in segment: String, at offset: Int, reason: String, unreadable: Range<UInt64>?, covered: UInt64) {
    let (lost, them) =
      switch unreadable {
      case nil: ("its records are numbered as its file name says", "it")
      case let records? where records.isEmpty: ("no record is lost to it", "it")
      case let records? where records.count == 1: ("record \(records.lowerBound) cannot be read", "it")
      case let records?: ("records \(records.lowerBound) through \(records.upperBound - 1) cannot be read", "them")
      }
    note(
      "The journal is damaged in \(segment) at byte \(offset) (\(reason)): \(lost). The state does not need \(them): the "
        + "snapshot of record \(covered) covers \(them), and recovery went on past the damage"
        + (options.repair ? ", so --repair had nothing to cut. " : ". ")
        + "Nothing was changed. Restore \(segment) from a 'switchyard backup' to read \(them) again (history, verify), or let "
        + "retention remove it in time.",
      file: segment, level: .warning)
  }

  /// Whether records after the snapshot of `covered` should follow the segment at `index`, whose
  /// damage hides where its records end: a later segment, or a `HIGHWATER` file saying that a later
  /// segment was created or that records after the snapshot were durable.
  func recordsFollowSnapshot(
    _ covered: UInt64,
    _ segments: [(firstSequence: UInt64, name: String)],
    at index: Int
  ) throws(JournalError) -> Bool {
    guard index == segments.count - 1 else { return true }
    guard let mark = try HighWaterMark.read(directory) else { return false }
    return mark.through > covered || mark.segment > segments[index].firstSequence
  }

  /// What keeps the records after the snapshot of `older` from being replayed up to the newest
  /// snapshot, if anything: damage or a gap there, which a start from the newest never reads, ends
  /// a start from `older` that the newest would have made.
  func unreadableRecords(after older: UInt64) throws(JournalError) -> JournalError? {
    guard let newest = try directory.snapshots().last?.sequence, newest > older else { return nil }
    var last = older
    var gap: JournalError?
    do throws(JournalError) {
      try JournalHistory(directory: directory.path).visit(from: older + 1) { record in
        guard record.sequence == last + 1 else {
          gap = .missingRecords(from: last + 1, through: record.sequence - 1, before: "record \(record.sequence)")
          return false
        }
        last = record.sequence
        return last < newest
      }
    } catch {
      switch error {
      case .corruptRecord, .missingRecords: return error
      default: throw error
      }
    }
    return gap
  }
}
