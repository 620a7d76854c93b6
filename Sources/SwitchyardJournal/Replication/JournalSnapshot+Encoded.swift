extension JournalSnapshot {
  /// The snapshot as a snapshot file holds it, checksummed: for a copy kept outside the data directory.
  public var encoded: [UInt8] { SnapshotLayout.encode(self) }

  /// Reads a snapshot from the bytes of a snapshot file; throws
  /// ``ReplicaError/damagedSnapshot(reason:)`` when they are not one.
  public init(encoded bytes: [UInt8]) throws(ReplicaError) {
    switch SnapshotLayout.decode(bytes) {
    case let .success(snapshot): self = snapshot
    case let .failure(failure): throw .damagedSnapshot(reason: failure.reason)
    }
  }
}
