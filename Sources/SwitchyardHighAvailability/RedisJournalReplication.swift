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

  init(configuration: HighAvailabilityConfiguration, keeper: LeaseKeeper, log: @escaping @Sendable (LogEvent) -> Void) {
    self.stream = FencedJournalStream(connection: configuration.connection(named: "journal"), layout: configuration.layout)
    self.keeper = keeper
    self.log = log
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
