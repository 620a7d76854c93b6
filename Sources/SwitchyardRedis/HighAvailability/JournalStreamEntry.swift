/// One entry of the shared journal stream: a batch of records as the leader's journal framed them.
public struct JournalStreamEntry: Sendable, Equatable {
  /// The sequence number of the batch's first record.
  public var first: UInt64
  /// The sequence number of its last record, which is also the entry's ID (`LAST-0`).
  public var last: UInt64
  /// The epoch of the leader that wrote it.
  public var epoch: UInt64
  /// The framed records, back to back, as a journal segment holds them.
  public var records: [UInt8]

  /// An entry from its parts.
  public init(first: UInt64, last: UInt64, epoch: UInt64, records: [UInt8]) {
    self.first = first
    self.last = last
    self.epoch = epoch
    self.records = records
  }

  /// Reads a stream entry written by ``FencedJournalStream/append(_:under:)``.
  init(_ entry: StreamEntry) throws(RedisError) {
    func number(_ name: String) throws(RedisError) -> UInt64 {
      guard let bytes = entry[field: name], let value = UInt64(String(decoding: bytes, as: UTF8.self)) else {
        throw .unexpectedReply(command: "XREAD", reply: "an entry without a numeric \(name)")
      }
      return value
    }
    guard let records = entry[field: "records"] else {
      throw .unexpectedReply(command: "XREAD", reply: "an entry without records")
    }
    self.init(first: try number("first"), last: entry.id.milliseconds, epoch: try number("epoch"), records: records)
  }
}
