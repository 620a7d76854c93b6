/// Records framed by whoever appends them — header, payload and checksum, as a segment holds
/// them — for ``Journal/append(_:heldSince:)`` to add in one copy.
///
/// Each payload is written once, where it is encoded, and the checksums are computed outside the
/// writer's lock. They cover the sequence numbers, so the batch numbers its records itself: the
/// journal refuses a batch that does not start at its next number.
public struct RecordBatch: Sendable {
  /// The framed records, back to back.
  public private(set) var bytes: [UInt8] = []
  /// The sequence number of the first record.
  public private(set) var firstSequence: UInt64 = 0
  /// How many records the batch holds.
  public private(set) var count = 0
  /// When the batch was begun: one timestamp serves all its records, as one lock appends them.
  private var timestampNanoseconds: Int64 = 0

  /// An empty batch.
  public init() {}

  /// Frames record `sequence`, which must follow the batch's last, with the payload `writePayload`
  /// appends to the buffer it is given.
  ///
  /// Throws what `writePayload` throws, or ``JournalError/payloadTooLarge(size:limit:)``; the
  /// record is then left out and the batch holds the records before it.
  public mutating func append(sequence: UInt64, writePayload: (inout [UInt8]) throws -> Void) throws {
    if count == 0 {
      firstSequence = sequence
      timestampNanoseconds = SystemTime.wallClockNanoseconds()
    }
    precondition(sequence == firstSequence + UInt64(count), "record \(sequence) does not follow the batch's last")
    let start = bytes.count
    do {
      try RecordLayout.frame(sequence: sequence, timestampNanoseconds: timestampNanoseconds, into: &bytes, writePayload: writePayload)
    } catch {
      bytes.removeSubrange(start...)
      throw error
    }
    count += 1
  }

  /// Adds a record framed elsewhere as it is, which must follow the batch's last.
  mutating func adopt(_ record: ArraySlice<UInt8>, sequence: UInt64) {
    if count == 0 { firstSequence = sequence }
    precondition(sequence == firstSequence + UInt64(count), "record \(sequence) does not follow the batch's last")
    bytes.append(contentsOf: record)
    count += 1
  }

  /// Empties the batch; its buffer is kept for the next unless it grew past `limit` bytes.
  public mutating func removeAll(keepingCapacityUpTo limit: Int) {
    bytes.removeAll(keepingCapacity: bytes.capacity <= limit)
    count = 0
  }
}
