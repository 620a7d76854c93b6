import SwitchyardJournal
import SwitchyardRedis

/// A standby's copy of the shared journal in its own data directory: rebuilt from the oldest
/// snapshot Redis keeps, then every batch the leader writes appended as it is, and the leader's
/// snapshots taken again as they pass; so that taking over is opening that directory, as a
/// restart after a crash opens it.
///
/// `restore` and `replay` hear the state and the records as they are copied, for a replica
/// that applies them. Used from one thread.
final class JournalFollower {
  /// The data directory the copy is in.
  let directory: String
  private let options: JournalOptions
  private let stream: FencedJournalStream
  private let restore: (JournalSnapshot) throws -> Void
  private let replay: (JournalRecord) throws -> Void
  private var journal: Journal?
  private var snapshotted: UInt64 = 0
  /// The last record the shared journal holds, when last asked.
  private(set) var head: UInt64 = 0

  init(
    directory: String, options: JournalOptions, stream: FencedJournalStream,
    restore: @escaping (JournalSnapshot) throws -> Void, replay: @escaping (JournalRecord) throws -> Void
  ) {
    self.directory = directory
    self.options = options
    self.stream = stream
    self.restore = restore
    self.replay = replay
  }

  /// The last record copied, 0 before the follower is rebuilt.
  var lastSequence: UInt64 { journal?.lastSequence ?? 0 }

  /// How many records the copy is behind the shared journal.
  var lag: UInt64 { head > lastSequence ? head - lastSequence : 0 }

  /// Whether there is anything to follow: a snapshot kept in Redis.
  func hasSharedJournal() throws -> Bool {
    try !stream.snapshotSequences().isEmpty
  }

  /// Copies what the leader wrote since the last call, waiting up to `block` for something when
  /// nothing is new (`nil` returns at once); rebuilds the copy first when it has none or the
  /// stream was trimmed past it. Returns how many records it copied.
  @discardableResult
  func follow(block: Duration?) throws -> Int {
    if journal == nil { try rebuild() }
    head = try stream.head()
    var copied = 0
    for entry in try stream.read(after: lastSequence, block: lastSequence < head ? nil : block) {
      guard let journal else { break }
      let batch = try RecordBatch(framed: entry.records, after: journal.lastSequence)
      guard batch.count > 0 else { continue }
      guard batch.firstSequence == journal.lastSequence + 1 else {
        // The leader trimmed the stream past this copy: start again from its snapshots.
        try rebuild()
        return copied
      }
      try journal.append(batch)
      for record in batch.records { try replay(record) }
      copied += batch.count
      head = max(head, entry.last)
    }
    try takeSnapshotsPassed()
    return copied
  }

  /// Copies up to the shared journal's head, as a new leader does before it writes.
  func catchUp() throws {
    repeat { try follow(block: nil) } while lastSequence < head
  }

  /// Closes the copy (fsynced), releasing its data directory.
  func close() {
    journal?.close()
    journal = nil
  }

  private func rebuild() throws {
    close()
    guard let oldest = try stream.snapshotSequences().first, let bytes = try stream.snapshot(oldest) else {
      throw HighAvailabilityError.noSharedSnapshot
    }
    let setAside = try Journal.install(try JournalSnapshot(encoded: bytes), in: directory)
    if !setAside.isEmpty {
      options.log(
        .warning(
          "set aside the journal \(directory) held, which was not a copy of the shared journal and may hold actions it lacks, as "
            + "\(setAside.joined(separator: ", ")); 'switchyard history --set-aside FILE' lists their records"))
    }
    journal = try Journal.open(directory: directory, options: options, restore: restore, replay: replay)
    snapshotted = oldest
  }

  /// Takes again, locally, each snapshot the leader kept that this copy has passed.
  private func takeSnapshotsPassed() throws {
    guard let journal else { return }
    for sequence in try stream.snapshotSequences() where sequence > snapshotted && sequence <= journal.lastSequence {
      guard let bytes = try stream.snapshot(sequence) else { continue }
      let snapshot = try JournalSnapshot(encoded: bytes)
      journal.snapshot(through: sequence, encode: { snapshot.state })
      snapshotted = sequence
    }
  }
}
