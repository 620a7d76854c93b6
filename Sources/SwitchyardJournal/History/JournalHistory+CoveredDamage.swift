extension JournalHistory {
  /// The damage after `first` among the records its snapshot covers, in order: reading goes on
  /// from that snapshot, so without this look a second damaged segment (or record) in the stretch
  /// went unnamed, and an operator restored one segment of two from a backup.
  ///
  /// Each segment of the stretch is read from its start, past its header if damaged, and past each
  /// damaged record to the next sound one; what cannot be read to its end is named by its first
  /// damage. A damaged header is named at byte 0, with the segment's first record.
  func damage(after first: JournalDamage) throws(JournalError) -> [JournalDamage] {
    let covered = first.snapshot
    var found: [JournalDamage] = []
    var segments = try SegmentsAhead(directory: dataDirectory, from: first.records.lowerBound)
    defer { segments.close() }
    // From the damaged segment on: one listed before it holds only records before the damage.
    guard let damaged = segments.listed.firstIndex(where: { $0.name == first.segment }) else { return [] }
    for index in segments.listed.indices where index >= damaged && segments.listed[index].firstSequence <= covered {
      let segment = segments.listed[index]
      var reader = try segments.reader(at: index, pastDamagedHeader: true)
      defer { reader.close() }
      func note(offset: Int, reason: String, from sequence: UInt64) {
        guard segment.name != first.segment || offset > first.offset else { return }
        found.append(JournalDamage(segment: segment.name, offset: offset, reason: reason, records: sequence...covered))
      }
      if let reason = reader.damagedHeader { note(offset: 0, reason: reason, from: segment.firstSequence) }
      var next = segment.firstSequence
      records: while next <= covered {
        let offset = reader.offset
        switch try reader.next() {
        case let .record(record):
          // A record out of its place is damage the walk reports as such; here it ends the segment.
          guard record.sequence == next else {
            note(offset: offset, reason: "it holds record \(record.sequence) where record \(next) belongs", from: next)
            break records
          }
          next += 1
        case .end:
          break records
        case let .damaged(offset, reason, _):
          note(offset: offset, reason: reason, from: next)
          guard let sound = try reader.resynchronize(within: next...covered) else { break records }
          next = sound
        }
      }
    }
    return found
  }
}
