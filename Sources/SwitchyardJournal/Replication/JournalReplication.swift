/// A second place every record and snapshot goes before the journal calls it durable, such as a
/// stream in Redis that a standby coordinator on another host reads.
///
/// The journal calls it on its writer thread with each batch it wrote, as the segment holds the
/// records, and acknowledges them only once it returns; a throw stops the journal, as a failed
/// fsync does, so nothing is acknowledged that the replica lacks.
public protocol JournalReplication: Sendable {
  /// Copies the framed records `first` through `last`, back to back in `records`.
  func replicate(_ records: [UInt8], first: UInt64, last: UInt64) throws

  /// Copies a snapshot just written, which the journal keeps `kept` of.
  func replicate(_ snapshot: JournalSnapshot, keeping kept: Int) throws
}
