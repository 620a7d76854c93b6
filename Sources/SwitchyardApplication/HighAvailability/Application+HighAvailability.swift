import Foundation
import SwitchyardHighAvailability
import SwitchyardJournal
import SwitchyardRuntime

extension Application {
  /// `start --ha`: stands by, copying the shared journal into the data directory, until this
  /// coordinator wins the lease; then serves as ``runCoordinator(_:)`` does after a crash (the
  /// copy is recovered, effects in flight made again), writing every record to the shared journal.
  ///
  /// When the lease is lost (Redis refused a renewal, or one came too late: the process was
  /// stopped, or cut off), the coordinator shuts down and the process starts again as a standby.
  @MainActor
  func runHighlyAvailable(_ options: StartOptions, _ ha: HighAvailabilityOptions) async throws -> Int32 {
    let log: @Sendable (String) -> Void = { [name] line in Logger.standardError.write(line: "\(name): \(line)") }
    let configuration = HighAvailabilityConfiguration(
      redis: ha.redis, coordinator: ha.coordinator ?? name, leaseTTL: ha.leaseTTL,
      holder: "\(ProcessInfo.processInfo.hostName)/\(getpid())")
    let node = HighAvailabilityNode(configuration: configuration)
    let lost = LeaseLoss()
    let directory = options.resolvedDataDirectory
    let leadership = try await Self.offCooperativePool {
      try node.standByUntilLeading(
        directory: directory,
        journalOptions: JournalOptions(segmentSize: options.segmentSize, snapshotsKept: options.snapshotsKept, log: log),
        log: log,
        lost: { reason in
          log("lost the lease (\(reason)); stepping down to standby")
          lost.happened()
          kill(getpid(), SIGTERM)
        })
    }
    var leading = options
    leading.leadership = leadership
    let status = try await runCoordinator(leading)
    guard lost.hasHappened else {
      leadership.keeper.stop(release: true)
      return status
    }
    leadership.keeper.stop(release: false)
    StepDown.restartAsStandby(log: log)
  }

  /// Runs `body` on a thread of its own and returns what it returned.
  private static func offCooperativePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Result(catching: body)) }
    }
  }
}
