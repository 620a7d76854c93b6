import SwitchyardLog
import Foundation
import Synchronization
import SwitchyardJournal
import SwitchyardRedis

/// The leader's journal copied to the shared stream in Redis, each batch under the leader's
/// lease: a write Redis refuses (the lease passed on) stops the journal, so nothing the leader
/// acknowledges is missing from the stream, and nothing it writes after its lease is in it.
///
/// A write that fails for want of Redis is tried again until the lease runs out.
final class RedisJournalReplication: JournalReplication {
  private let stream: FencedJournalStream
  private let keeper: LeaseKeeper
  private let log: @Sendable (LogEvent) -> Void
  /// Whether the stream is known to have been started; it is started after the first record or
  /// snapshot this leader copies, if no leader wrote it before.
  private let isStarted = Atomic<Bool>(false)

  /// How many Redis replicas must have a batch before it counts as copied; 0 trusts the primary.
  private let replicas: Int
  /// How long one `WAIT` lasts before the leader checks its lease and asks again; also how much
  /// longer a stopping leader waits for the replicas.
  private let replicaWait: Duration
  /// Set once the leader stops: until when a batch may still wait for the replicas, and the
  /// records it gave up on.
  private let stopping = Mutex<(deadline: ContinuousClock.Instant, unconfirmed: ClosedRange<UInt64>?)?>(nil)

  init(configuration: HighAvailabilityConfiguration, keeper: LeaseKeeper, log: @escaping @Sendable (LogEvent) -> Void) {
    self.stream = FencedJournalStream(connection: configuration.connection(named: "journal"), layout: configuration.layout)
    self.keeper = keeper
    self.log = log
    self.replicas = configuration.replicas
    self.replicaWait = configuration.leaseTTL / 3
  }

  func replicate(_ records: [UInt8], first: UInt64, last: UInt64) throws {
    try retrying { () throws(FencedAppendError) in
      try startIfNeeded(after: first - 1)
      do throws(FencedAppendError) {
        try stream.append(JournalStreamEntry(first: first, last: last, epoch: keeper.grant.epoch, records: records), under: keeper.grant)
      } catch .gap(let head, _) where head == last {
        // A try whose reply was lost got in: only this lease's holder can have written it.
      }
    }
    if replicas > 0 { try waitForReplicas(first: first, last: last) }
  }

  /// Waits until `replicas` Redis replicas have the batch `first`…`last`, asking again while the
  /// lease holds: the batch is acknowledged only once they have it, and never by a leader that lost
  /// its lease meanwhile. A stopping leader gives up a third of the lease after it began to stop.
  private func waitForReplicas(first: UInt64, last: UInt64) throws {
    var reported = false
    while true {
      let giveUp = stopping.withLock { $0?.deadline }
      let asked = Result { () throws(RedisError) in
        try stream.waitForReplicas(replicas, timeout: min(replicaWait, giveUp.map { $0 - .now } ?? replicaWait))
      }
      let acknowledged: Int
      switch asked {
      case let .success(count):
        acknowledged = count
      case let .failure(error):
        guard ContinuousClock.now < min(keeper.heldUntil, giveUp ?? keeper.heldUntil) else { throw error }
        log(.info("asking Redis whether its replicas have journal record \(last) failed (\(error)); asking again"))
        Thread.sleep(forTimeInterval: 0.05)
        continue
      }
      if acknowledged >= replicas { return }
      guard ContinuousClock.now < keeper.heldUntil else {
        throw HighAvailabilityError.replicasMissing(wanted: replicas, acknowledged: acknowledged, through: last)
      }
      if let giveUp, ContinuousClock.now >= giveUp {
        stopping.withLock { state in
          let from = min(first, state?.unconfirmed?.lowerBound ?? first)
          state?.unconfirmed = from...last
        }
        throw HighAvailabilityError.replicasMissingAtStop(wanted: replicas, acknowledged: acknowledged, first: first, last: last)
      }
      if !reported { log(.info("only \(acknowledged) of \(replicas) Redis replicas have journal record \(last); its acknowledgement waits for them", .integer("action_sequence", last))) }
      reported = true
    }
  }

  /// Waits for the replicas a third of the lease more at most: the leader is stopping, and a
  /// replica that is missing would otherwise hold its shutdown for as long as it is missing.
  func stopWaitingForReplicas() {
    stopping.withLock { $0 = $0 ?? (ContinuousClock.now + replicaWait, nil) }
  }

  /// The records copied to the Redis primary that fewer replicas than asked for had when the
  /// leader stopped waiting, if any.
  var unconfirmedRecords: ClosedRange<UInt64>? {
    stopping.withLock { $0?.unconfirmed }
  }

  func replicate(_ snapshot: JournalSnapshot, keeping kept: Int) throws {
    try retrying { () throws(FencedAppendError) in
      try startIfNeeded(after: snapshot.sequence)
      try stream.storeSnapshot(snapshot.encoded, sequence: snapshot.sequence, keeping: kept, under: keeper.grant)
    }
  }

  /// Closes the connection.
  func close() {
    stream.connection.close()
  }

  private func startIfNeeded(after sequence: UInt64) throws(FencedAppendError) {
    guard !isStarted.load(ordering: .relaxed) else { return }
    if try stream.start(after: sequence, under: keeper.grant) {
      log(.info("the shared journal starts after record \(sequence), where this coordinator's own journal was", .integer("action_sequence", sequence)))
    }
    isStarted.store(true, ordering: .relaxed)
  }

  private func retrying(_ write: () throws(FencedAppendError) -> Void) throws(FencedAppendError) {
    var delay = Duration.milliseconds(20)
    while true {
      do {
        return try write()
      } catch .redis(let error) where ContinuousClock.now + delay < keeper.heldUntil {
        log(.info("writing the shared journal failed (\(error)); trying again"))
        Thread.sleep(forTimeInterval: delay.seconds)
        delay = min(delay * 2, .milliseconds(500))
      }
    }
  }
}
