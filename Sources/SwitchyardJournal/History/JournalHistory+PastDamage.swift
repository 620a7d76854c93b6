extension JournalHistory {
  /// Calls `body` with each record from `first` on, as ``visit(from:_:)`` does, and goes past
  /// damage that a later sound snapshot covers, which recovery never reads: `pastDamage` is told
  /// of it and handed that snapshot before the records after it follow, and ends the visit when
  /// it returns `false`; if it goes on, it is told of each further damage the snapshot covers
  /// (``damage(after:)``), with the same snapshot. Damage no sound snapshot covers, which recovery
  /// does read, throws ``JournalError/corruptRecord(segment:offset:reason:)`` as before.
  func visit(
    from first: UInt64,
    pastDamage: (JournalDamage, JournalSnapshot) -> Bool,
    _ body: (JournalRecord) -> Bool
  ) throws(JournalError) {
    var start = first
    while true {
      var last: UInt64?
      do throws(JournalError) {
        try visit(from: start) { record in
          last = record.sequence
          return body(record)
        }
        return
      } catch let .corruptRecord(segment, offset, reason) {
        // A damaged header takes the segment's records from its first on; a record, those from it on.
        var damaged = last.map { $0 + 1 } ?? start
        if case let .segment(firstInSegment) = DataDirectory.entry(named: segment) { damaged = max(damaged, firstInSegment) }
        guard let snapshot = try coveringSnapshot(of: damaged) else { throw .corruptRecord(segment: segment, offset: offset, reason: reason) }
        let damage = JournalDamage(segment: segment, offset: offset, reason: reason, records: damaged...snapshot.sequence)
        guard pastDamage(damage, snapshot) else { return }
        for further in try self.damage(after: damage) {
          guard pastDamage(further, snapshot) else { return }
        }
        start = snapshot.sequence + 1
      }
    }
  }

  /// The oldest sound snapshot of record `sequence` or a later one: the first that covers it.
  func coveringSnapshot(of sequence: UInt64) throws(JournalError) -> JournalSnapshot? {
    let store = SnapshotStore(directory: dataDirectory)
    for candidate in try snapshotSequences() where candidate >= sequence {
      if let snapshot = try store.sound(at: candidate) { return snapshot }
    }
    return nil
  }
}
