
extension ActionJournal {
  /// The sequence number the journal gave the last action reduced, its record perhaps still
  /// queued; after a restart, the last one recovered. The inspector numbers actions by it.
  public var lastActionSequence: UInt64 {
    lastSequence
  }
}
