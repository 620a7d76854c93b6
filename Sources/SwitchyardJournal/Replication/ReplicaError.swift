/// Why bytes copied from another journal (its records or a snapshot) cannot be taken in.
public enum ReplicaError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A batch of records is cut short, fails a checksum or skips a sequence number.
  case damagedRecords(reason: String)
  /// A snapshot's bytes are not a sound snapshot file.
  case damagedSnapshot(reason: String)

  public var description: String {
    switch self {
    case let .damagedRecords(reason):
      "The shared journal holds damaged records: \(reason). Restore Redis from a backup, or remove the shared journal's keys to start it again from the leader's data directory."
    case let .damagedSnapshot(reason):
      "The shared journal holds a damaged snapshot: \(reason). Restore Redis from a backup, or remove the shared journal's keys to start it again from the leader's data directory."
    }
  }
}
