/// What a backup holds: printed by `switchyard backup`, and what a restore from it recovers.
public struct JournalBackupReport: Sendable, Equatable, Encodable {
  /// Where the backup was written.
  public var directory: String
  /// How many files it holds.
  public var files: Int
  /// How many bytes those files take.
  public var bytes: Int
  /// The oldest record it holds, `nil` when it holds none.
  public var firstSequence: UInt64?
  /// The newest whole record it holds, 0 when it holds none.
  public var lastSequence: UInt64
  /// The records its snapshots cover, oldest first.
  public var snapshotSequences: [UInt64]
  /// Damage it holds, as the source did, that a later snapshot covers: recovery never reads those
  /// records, so a restore from it recovers the whole state, but their actions are lost to
  /// `history` and `verify`.
  public var damaged: [JournalDamage]
}
