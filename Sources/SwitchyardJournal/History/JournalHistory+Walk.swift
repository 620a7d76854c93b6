extension JournalHistory {
  /// Walks the whole journal in order, for `verify`: the oldest sound snapshot to `restore`, then
  /// every record after it to `apply`, and each later sound snapshot to `check` once the records it
  /// covers were applied; returns the snapshot walked from and the last record.
  ///
  /// Reads without the lock, as history does; a damaged record at the very end of the newest
  /// segment ends the walk (a writer may be appending it). Records missing just before a sound
  /// snapshot's successor are what a repair leaves when it continues from a snapshot ahead of the
  /// damage: the walk tells `missing` and goes on from that snapshot, restored, as the repaired
  /// start did. Any other gap stops it. Damage that a later sound snapshot covers, which recovery
  /// never reads, the walk tells `damaged` and goes on from that snapshot, restored, so the records
  /// after it are still checked; damage none covers stops it.
  public func walk(
    restore: (JournalSnapshot) throws -> Void,
    apply: (JournalRecord) throws -> Void,
    check: (JournalSnapshot) throws -> Void,
    missing: (ClosedRange<UInt64>) -> Void = { _ in },
    damaged: (JournalDamage) -> Void = { _ in }
  ) throws -> (snapshot: UInt64, last: UInt64) {
    let store = SnapshotStore(directory: dataDirectory)
    let sequences = try snapshotSequences()
    var sound: JournalSnapshot?
    for sequence in sequences {
      if let snapshot = try store.newest(atOrBefore: sequence), snapshot.sequence == sequence {
        sound = snapshot
        break
      }
    }
    guard let oldest = sound else {
      throw JournalError.historyUnavailable(sequence: 0, reason: "the data directory holds no sound snapshot to start from")
    }
    try restore(oldest)
    var later = sequences.filter { $0 > oldest.sequence }[...]
    var last = oldest.sequence
    while true {
      var failure: (any Error)?
      do {
        try visit(from: last + 1) { damage, snapshot in
          damaged(damage)
          // Further damage the same snapshot covers comes with it, restored already.
          guard snapshot.sequence != last else { return true }
          do {
            try restore(snapshot)
          } catch {
            failure = error
            return false
          }
          last = snapshot.sequence
          later = later.drop { $0 <= last }
          return true
        } _: { record in
          do {
            guard record.sequence == last + 1 else {
              throw JournalError.missingRecords(from: last + 1, through: record.sequence - 1, before: "record \(record.sequence)")
            }
            try apply(record)
            last = record.sequence
            while let next = later.first, next <= last {
              later.removeFirst()
              if next == last, let snapshot = try store.newest(atOrBefore: next), snapshot.sequence == next { try check(snapshot) }
            }
            return true
          } catch {
            failure = error
            return false
          }
        }
      } catch {
        failure = error
      }
      guard let failure else { return (oldest.sequence, last) }
      guard case let .missingRecords(from, through, _) = failure as? JournalError, from == last + 1,
        let bridge = try store.newest(atOrBefore: through), bridge.sequence == through
      else { throw failure }
      missing(from...through)
      try restore(bridge)
      last = through
      later = later.drop { $0 <= through }
    }
  }
}
