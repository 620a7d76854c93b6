import Foundation

/// One journaled entry: its place in the journal, when it was appended, and the bytes appended.
///
/// The journal does not interpret the payload; the coordinator stores an action and what its
/// dependencies returned there.
public struct JournalRecord: Equatable, Sendable {
  /// The record's sequence number: 1 for the first record ever appended, then one more each time.
  public var sequence: UInt64
  /// When the record was appended, in nanoseconds since 1970 (UTC).
  public var timestampNanoseconds: Int64
  /// The bytes that were appended.
  public var payload: [UInt8]

  /// Creates a record.
  public init(sequence: UInt64, timestampNanoseconds: Int64, payload: [UInt8]) {
    self.sequence = sequence
    self.timestampNanoseconds = timestampNanoseconds
    self.payload = payload
  }

  /// When the record was appended.
  public var date: Date {
    Date(timeIntervalSince1970: Double(timestampNanoseconds) / 1e9)
  }
}
