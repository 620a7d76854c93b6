/// The state's encoded bytes as they were after the record `sequence` was applied.
public struct JournalSnapshot: Equatable, Sendable {
  /// The last record the state includes; recovery replays the records after it.
  public var sequence: UInt64
  /// When the snapshot was taken, in nanoseconds since 1970 (UTC).
  public var timestampNanoseconds: Int64
  /// The state, encoded by the caller.
  public var state: [UInt8]
  /// The version of the application that wrote the state: its state's JSON is that version's.
  public var applicationVersion: Int

  /// Creates a snapshot.
  public init(sequence: UInt64, timestampNanoseconds: Int64, state: [UInt8], applicationVersion: Int = 1) {
    self.sequence = sequence
    self.timestampNanoseconds = timestampNanoseconds
    self.state = state
    self.applicationVersion = applicationVersion
  }
}
