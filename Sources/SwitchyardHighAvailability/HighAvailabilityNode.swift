import SwitchyardLog
import Foundation
import Synchronization
import SwitchyardJournal
import SwitchyardRedis
import SwitchyardWire

/// One coordinator started with `--ha`: it stands by, copying the shared journal into its data
/// directory, until it wins the lease; then it leads until the lease is lost.
public final class HighAvailabilityNode: Sendable {
  /// The shared Redis, name and lease.
  public let configuration: HighAvailabilityConfiguration
  private let current = Mutex(Standing())

  /// What the node reports, and how often the lease's epoch changed under it.
  struct Standing {
    var report = HighAvailabilityReport(role: .standby, epoch: 0, leader: nil, appliedSequence: 0, lag: 0)
    /// The last epoch a lease had, while one is held; kept through a time without a leader.
    var lastEpoch: UInt64?
    var leaderChanges: UInt64 = 0

    mutating func update(_ report: HighAvailabilityReport) {
      self.report = report
      guard report.epoch > 0 else { return }
      if let lastEpoch, report.epoch != lastEpoch {
        // One grant an epoch; an epoch that went back is a Redis that lost the lease's counter
        // (restarted without its data, or flushed): a new leader all the same.
        leaderChanges += report.epoch > lastEpoch ? report.epoch - lastEpoch : 1
      }
      lastEpoch = report.epoch
    }
  }

  /// A node that has not stood by yet.
  public init(configuration: HighAvailabilityConfiguration) {
    self.configuration = configuration
  }

  /// Where the node stands now.
  public var status: HighAvailabilityReport { current.withLock { $0.report } }

  /// How many leases were granted since the first this node saw, each to a new leader: counted
  /// from the epochs, which grow one per grant, so none is missed between two looks.
  public var leaderChanges: UInt64 {
    current.withLock { $0.leaderChanges }
  }

  /// How often a standby asks for the lease: a leader's death is noticed within this of its
  /// lease running out.
  var pollInterval: Duration { min(configuration.leaseTTL / 5, .milliseconds(500)) }

  /// Stands by until this node holds the lease and its data directory holds the whole shared
  /// journal; blocks, so call it off Swift's cooperative pool.
  ///
  /// `restore` and `replay` hear the state and records as the standby copies them, for a
  /// read-only replica; `journalOptions` are the local journal's (without replication). `lost`
  /// hears, once, that the lease won was lost, on the lease keeper's thread. Throws
  /// what the data directory throws; Redis being unreachable, it waits for. Throws
  /// `CancellationError` once `isStopped` says so, which it asks before each poll.
  public func standByUntilLeading(
    directory: String,
    journalOptions: JournalOptions,
    restore: @escaping (JournalSnapshot) throws -> Void = { _ in },
    replay: @escaping (JournalRecord) throws -> Void = { _ in },
    log: @escaping @Sendable (LogEvent) -> Void,
    lost: @escaping @Sendable (String) -> Void = { _ in },
    isStopped: () -> Bool = { false }
  ) throws -> Leadership {
    let connection = configuration.connection(named: "standby")
    defer { connection.close() }
    let lease = RedisLease(connection: connection, layout: configuration.layout, ttl: configuration.leaseTTL)
    let stream = FencedJournalStream(connection: connection, layout: configuration.layout)
    var options = journalOptions
    options.replication = nil
    let follower = JournalFollower(directory: directory, options: options, stream: stream, restore: restore, replay: replay)
    defer { follower.close() }
    var following = false
    var announced: LeaseGrant?
    var unreachable: RedisError?
    var orphaned = false
    while true {
      if isStopped() { throw CancellationError() }
      do {
        if let leadership = try standBy(
          lease: lease, follower: follower, following: &following, announced: &announced, orphaned: &orphaned, log: log, lost: lost)
        {
          return leadership
        }
        if unreachable != nil { log(.info("reaches Redis again")) }
        unreachable = nil
      } catch let error as RedisError {
        // A standby cut off from Redis waits for it: it has nothing to lose meanwhile. Its report
        // says so until a turn succeeds, as a readiness probe must not take it for caught up.
        if unreachable == nil { log(.info("cannot reach Redis (\(error)); standing by until it answers")) }
        unreachable = error
        current.withLock { $0.report.redisUnreachable = "\(error)" }
        Thread.sleep(forTimeInterval: pollInterval.seconds)
      }
    }
  }

  /// One turn of standing by: asks for the lease, and copies what the leader wrote or waits a
  /// poll; returns the leadership once the lease is won.
  private func standBy(
    lease: RedisLease, follower: JournalFollower, following: inout Bool, announced: inout LeaseGrant?, orphaned: inout Bool,
    log: @escaping @Sendable (LogEvent) -> Void, lost: @escaping @Sendable (String) -> Void
  ) throws -> Leadership? {
    let asked = ContinuousClock.now
    // Redis lost the journal this copy came from (restarted without persistence, or flushed). The
    // leader may have acknowledged records the copy lacks, and seeding a new shared journal from it
    // would drop them for good: the lease is left to a coordinator whose own journal is whole,
    // which seeds the journal again, and this one copies that once it has a snapshot.
    let copyOrphaned = try following && !follower.hasSharedJournal()
    if copyOrphaned, !orphaned { log(.error(HighAvailabilityError.sharedJournalLost(copied: follower.lastSequence).description)) }
    orphaned = copyOrphaned
    if !copyOrphaned, let grant = try lease.acquire(holder: configuration.holder) {
      // Redis may have lost the journal between that check and the lease, as a flush frees the
      // lease too: checked again with the lease held, an orphaned copy gives the lease back.
      if following, try !follower.hasSharedJournal() {
        try lease.release(grant)
        if !orphaned { log(.error(HighAvailabilityError.sharedJournalLost(copied: follower.lastSequence).description)) }
        orphaned = true
        return nil
      }
      let seeds = try !following && !follower.hasSharedJournal()
      if following { try follower.catchUp() }
      let copied = follower.lastSequence
      follower.close()
      // Its journal is the shared journal's from now on (seeded from it, or copied): a standby it
      // turns into later replaces it rather than setting it aside.
      try Journal.markShared(in: follower.directory)
      let keeper = LeaseKeeper(grant: grant, configuration: configuration, acquiredAt: asked) { [self] reason in
        current.withLock { $0.report.role = .standby }
        lost(reason)
      }
      let replication = RedisJournalReplication(configuration: configuration, keeper: keeper, log: log)
      current.withLock {
        $0.update(HighAvailabilityReport(role: .leader, epoch: grant.epoch, leader: grant.holder, appliedSequence: copied, lag: 0))
      }
      log(
        .info(
          "leads with epoch \(grant.epoch)"
            + (seeds
              ? "; the shared journal was empty and starts from this coordinator's own"
              : ", having copied the shared journal through record \(copied)"),
          .integer("epoch", grant.epoch), .integer("action_sequence", copied)
        )
      )
      return Leadership(keeper: keeper, redisReplication: replication, seedsSharedJournal: seeds, status: { [self] in status })
    }
    let leader = try lease.current()
    if leader != announced, let leader {
      log(.info("stands by: \(leader) leads", .string("leader", "\(leader)")))
      announced = leader
    }
    if !following { following = try follower.hasSharedJournal() }
    if following, !copyOrphaned {
      try follower.follow(block: pollInterval)
    } else {
      Thread.sleep(forTimeInterval: pollInterval.seconds)
    }
    current.withLock {
      $0.update(
        HighAvailabilityReport(
          role: .standby, epoch: leader?.epoch ?? 0, leader: leader?.holder, appliedSequence: follower.lastSequence, lag: follower.lag))
    }
    return nil
  }
}
