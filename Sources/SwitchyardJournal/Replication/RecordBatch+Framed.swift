extension RecordBatch {
  /// The records in `framed` (as a segment, or a replica of one, holds them) after `sequence`,
  /// checked record by record, for a journal that copies another's records as they are.
  ///
  /// Throws ``ReplicaError/damagedRecords(reason:)`` when a record is cut short, fails its
  /// checksum, or does not follow the one before it.
  public init(framed: [UInt8], after sequence: UInt64) throws(ReplicaError) {
    self.init()
    var offset = 0
    var previous: UInt64?
    while offset < framed.count {
      let decoded = framed.withUnsafeBytes { RecordLayout.decode(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
      switch decoded {
      case let .record(record, size):
        if let previous, record.sequence != previous + 1 {
          throw .damagedRecords(reason: "record \(record.sequence) follows record \(previous)")
        }
        previous = record.sequence
        if record.sequence > sequence { adopt(framed[offset..<(offset + size)], sequence: record.sequence) }
        offset += size
      case .incomplete:
        throw .damagedRecords(reason: "a record is cut short \(offset) bytes into a batch of \(framed.count)")
      case let .damaged(reason):
        throw .damagedRecords(reason: "a record \(offset) bytes into a batch is damaged: \(reason)")
      }
    }
  }
}

extension RecordBatch {
  /// The batch's records, decoded: for a replica that applies what it copies.
  public var records: [JournalRecord] {
    var records: [JournalRecord] = []
    records.reserveCapacity(count)
    var offset = 0
    while offset < bytes.count {
      guard case let .record(record, size) = bytes.withUnsafeBytes({ RecordLayout.decode(UnsafeRawBufferPointer(rebasing: $0[offset...])) })
      else { break }
      records.append(record)
      offset += size
    }
    return records
  }
}
