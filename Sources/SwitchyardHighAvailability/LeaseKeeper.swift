import Foundation
import Synchronization
import SwitchyardRedis

/// Renews a leader's lease on a thread of its own, every third of its TTL, and says once when it
/// is lost: refused by Redis, or not renewed in time (Redis unreachable, the process stopped).
///
/// The lease counts as held until the TTL after the last renewal was *sent*, less a tenth for
/// clock drift: Redis may have expired it any time after that.
public final class LeaseKeeper: Sendable {
  /// The grant being kept.
  public let grant: LeaseGrant
  private let lease: RedisLease
  private let state: Mutex<State>
  private let wakeup = DispatchSemaphore(value: 0)

  private struct State {
    var heldUntil: ContinuousClock.Instant
    var isStopped = false
    var lost: (@Sendable (String) -> Void)?
  }

  /// Starts renewing `grant`, which was acquired at `acquiredAt`; `lost` hears why it was lost,
  /// once, on the keeper's thread.
  public init(
    grant: LeaseGrant, configuration: HighAvailabilityConfiguration, acquiredAt: ContinuousClock.Instant,
    lost: @escaping @Sendable (String) -> Void
  ) {
    self.grant = grant
    self.lease = RedisLease(connection: configuration.connection(named: "lease"), layout: configuration.layout, ttl: configuration.leaseTTL)
    self.state = Mutex(State(heldUntil: acquiredAt + configuration.leaseTTL * 0.9, lost: lost))
    Thread.detachNewThread { [self] in run() }
  }

  /// Until when the lease is surely held.
  public var heldUntil: ContinuousClock.Instant { state.withLock { $0.heldUntil } }

  /// Stops renewing and, when `release`, gives the lease up so a standby takes over at once.
  public func stop(release: Bool) {
    let wasRunning = state.withLock { state in
      defer { state.isStopped = true }
      return !state.isStopped
    }
    guard wasRunning else { return }
    wakeup.signal()
    if release { try? lease.release(grant) }
    lease.connection.close()
  }

  private func run() {
    let interval = lease.ttl / 3
    while true {
      _ = wakeup.wait(timeout: .now() + interval.seconds)
      if state.withLock({ $0.isStopped }) { return }
      let sent = ContinuousClock.now
      let outcome = Result { () throws(RedisError) in try lease.renew(grant) }
      let reason: String? = state.withLock { state in
        switch outcome {
        case .success(true):
          state.heldUntil = sent + lease.ttl * 0.9
          return nil
        case .success(false):
          return "Redis no longer holds the lease of \(grant)"
        case let .failure(error):
          return ContinuousClock.now < state.heldUntil ? nil : "the lease could not be renewed before it ran out: \(error)"
        }
      }
      if let reason {
        let lost = state.withLock { state in
          defer { state.lost = nil }
          return state.lost
        }
        lost?(reason)
        return
      }
    }
  }
}
