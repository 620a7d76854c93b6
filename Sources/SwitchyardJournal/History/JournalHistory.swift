/// Reads a data directory's records and rebuilds past states, without a coordinator and without
/// taking its lock: what `switchyard history` uses, offline or beside a running coordinator.
///
/// It is generic over the state: the caller says how a snapshot decodes and how a record applies,
/// so the journal never learns what an action is.
public struct JournalHistory: Sendable {
  /// The data directory's path.
  public let directory: String
  let dataDirectory: DataDirectory

  /// Reads the data directory at `directory`, refusing one written in a newer format.
  public init(directory: String) throws(JournalError) {
    self.directory = directory
    self.dataDirectory = DataDirectory(path: directory)
    if let format = try FormatFile.read(dataDirectory.file(DataDirectory.formatFileName)), format.version > DataDirectory.formatVersion {
      throw .newerFormat(directory: directory, found: format.version, supported: DataDirectory.formatVersion)
    }
  }

  /// Up to `limit` records, in order, from the record `first` on (or the oldest kept, if later).
  ///
  /// Damage that a later sound snapshot covers throws ``JournalError/damagedBeforeSnapshot(_:)``,
  /// unless `pastDamage` is given: it is told of the damage, and the records after that snapshot
  /// follow the ones before the damage, as they follow a repair's gap.
  public func records(
    from first: UInt64 = 1,
    limit: Int = .max,
    pastDamage: ((JournalDamage) -> Void)? = nil
  ) throws(JournalError) -> [JournalRecord] {
    var records: [JournalRecord] = []
    guard limit > 0 else { return records }
    var stoppedAt: JournalDamage?
    try visit(from: first) { damage, _ in
      guard let pastDamage else {
        stoppedAt = damage
        return false
      }
      pastDamage(damage)
      return true
    } _: { record in
      records.append(record)
      return records.count < limit
    }
    if let stoppedAt { throw .damagedBeforeSnapshot(stoppedAt) }
    return records
  }

  /// The last record's sequence number, 0 for an empty journal: where `history` starts counting
  /// back from.
  public func lastSequence() throws(JournalError) -> UInt64 {
    guard let newest = try dataDirectory.segments().last else { return 0 }
    var last = newest.firstSequence - 1
    try visit(from: newest.firstSequence, pastDamage: { _, _ in true }) { record in
      last = record.sequence
      return true
    }
    return last
  }

  /// The sequence numbers the kept snapshots cover, oldest first.
  public func snapshotSequences() throws(JournalError) -> [UInt64] {
    try dataDirectory.snapshots().map(\.sequence)
  }

  /// The state after the record `sequence`: the nearest sound snapshot at or before it, decoded by
  /// `restore`, with the records after it up to `sequence` applied by `apply`; `initial` when no
  /// snapshot precedes it.
  ///
  /// Throws ``JournalError/historyUnavailable(sequence:reason:)`` when retention removed records it
  /// needs, one it needs is damaged where a later snapshot covers it, or the journal ends before
  /// `sequence`; or what `restore` or `apply` threw.
  public func state<State>(
    at sequence: UInt64,
    initial: () throws -> State,
    restore: (JournalSnapshot) throws -> State,
    apply: (inout State, JournalRecord) throws -> Void
  ) throws -> State {
    let snapshot = try SnapshotStore(directory: dataDirectory).newest(atOrBefore: sequence)
    var state = try snapshot.map(restore) ?? initial()
    var last = snapshot?.sequence ?? 0
    var failure: (any Error)?
    do throws(JournalError) {
      try visit(from: last + 1) { damage, covering in
        // Damage past the state asked for is none of its business.
        if last < sequence {
          failure = JournalError.historyUnavailable(
            sequence: sequence,
            reason: "\(damage.finding). \(damage.advice) The states from record \(covering.sequence) on are rebuilt from its snapshot"
          )
        }
        return false
      } _: { record in
        guard record.sequence <= sequence else { return false }
        guard record.sequence == last + 1 else {
          failure = JournalError.historyUnavailable(
            sequence: sequence,
            reason: "no snapshot at or before it remains, and retention removed the journal before record \(record.sequence) "
              + "(start's --history-retention and --history-max-size keep more)"
          )
          return false
        }
        do {
          try apply(&state, record)
        } catch {
          failure = error
          return false
        }
        last = record.sequence
        return true
      }
    } catch {
      // Damage no snapshot covers, past the state asked for, is none of its business either.
      guard case .corruptRecord = error, last >= sequence else { throw error }
    }
    if let failure { throw failure }
    guard last == sequence else {
      throw JournalError.historyUnavailable(sequence: sequence, reason: "the journal ends at record \(last)")
    }
    return state
  }

  /// Calls `body` with each record from `first` on, until it returns `false` or the journal ends.
  ///
  /// A damaged record at the end of the last segment ends the journal: it may be one a running
  /// coordinator is writing, or the torn tail its next start will cut. Records numbered on past a
  /// gap that ends at a sound snapshot (what a repair leaves) follow the ones before it. Damage
  /// before `first` in the segment that holds it, its header's included, is read past to the
  /// first sound record after it, as recovery reads past damage before its snapshot's next record.
  func visit(from first: UInt64, _ body: (JournalRecord) -> Bool) throws(JournalError) {
    var segments = try SegmentsAhead(directory: dataDirectory, from: first)
    defer { segments.close() }
    var expected: UInt64?
    for (index, segment) in segments.listed.enumerated() {
      // A repair that continued from a snapshot ahead of the damage started the journal again
      // after it: the records between are gone, and readers rebuild from that snapshot.
      if let expected, segment.firstSequence != expected,
        try SnapshotStore(directory: dataDirectory).newest(atOrBefore: segment.firstSequence - 1)?.sequence != segment.firstSequence - 1
      {
        throw .missingRecords(from: expected, through: segment.firstSequence - 1, before: segment.name)
      }
      var reader = try segments.reader(at: index, pastDamagedHeader: segment.firstSequence < first)
      defer { reader.close() }
      var next = segment.firstSequence
      records: while true {
        let offset = reader.offset
        switch try reader.next() {
        case let .record(record):
          guard record.sequence == next else {
            throw .corruptRecord(segment: segment.name, offset: offset, reason: "it holds record \(record.sequence) where record \(next) belongs")
          }
          next += 1
          if record.sequence >= first, !body(record) { return }
        case .end:
          expected = next
          break records
        case let .damaged(offset, reason, mayBeTorn):
          if next < first, let found = try reader.resynchronize(within: next...first) {
            next = found
            continue records
          }
          if index == segments.listed.count - 1 && mayBeTorn { return }
          throw .corruptRecord(segment: segment.name, offset: offset, reason: reason)
        }
      }
    }
  }
}
