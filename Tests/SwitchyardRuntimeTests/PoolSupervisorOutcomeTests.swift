import Synchronization
import SwitchyardWire
import Testing
@testable import SwitchyardRuntime

/// What a pool's supervisor returns about effects as its workers come and go, without processes:
/// its links are scripted, and each call's ``PoolOutcome``s are the whole of what it decided.
@MainActor
struct PoolSupervisorOutcomeTests {
  private let links = ScriptedTransport()

  private func supervisor(
    size: Int = 1, perWorker: Int = 1, restartPolicy: RestartPolicy = RestartPolicy(), peer: LinkPeer? = nil
  ) -> PoolSupervisor {
    links.peer = peer
    let configuration = PoolConfiguration(
      kind: "probe", size: size, maxInFlightPerWorker: perWorker, restartPolicy: restartPolicy)
    return PoolSupervisor(configuration: configuration, inbox: MainActorInbox { _ in }, outgoing: OutgoingCommands(), log: { _ in })
  }

  private func hello(_ supervisor: PoolSupervisor, worker: Int) -> [PoolOutcome] {
    let process = supervisor.worker(worker)!
    return supervisor.heard(.hello(Hello(role: "worker", kind: "probe", pid: process.peer.pid ?? 0)), from: process, at: .now)
  }

  @Test func aWorkerThatCrashesMidEffectLosesItAndIsRestartedAfterTheBackoff() {
    let supervisor = supervisor(restartPolicy: RestartPolicy(initialBackoff: .milliseconds(50)))
    #expect(supervisor.start(through: links) == [])
    #expect(hello(supervisor, worker: 1) == [])
    #expect(supervisor.place(10, key: nil) == .worker(1))
    #expect(supervisor.place(11, key: nil) == .queued)

    let outcomes = supervisor.workerClosed(1, reason: .endOfStream, status: .signalled(9))

    let pid = links.pids[0]
    #expect(
      outcomes == [
        .lost(10, reason: "probe worker \(pid) closed its output and killed by signal 9"),
        .restart(after: .milliseconds(50)),
      ])
    #expect(supervisor.queuedCount == 1, "the queued effect waits for the restarted worker")
    #expect(supervisor.restartDue() == [], "a restarted worker takes effects once it says hello")
    #expect(hello(supervisor, worker: 2) == [.dispatch([11], to: 2)])
    #expect(supervisor.metrics.restarts == 1)
  }

  @Test func anEffectEndingOnABusyWorkerHandsItsSlotToTheNextInLine() {
    let supervisor = supervisor()
    _ = supervisor.start(through: links)
    _ = hello(supervisor, worker: 1)
    #expect(supervisor.place(10, key: nil) == .worker(1))
    #expect(supervisor.place(11, key: nil) == .queued)
    #expect(supervisor.release(10, from: 1, ending: .completed) == .dispatch([11], to: 1))
    #expect(supervisor.release(11, from: 1, ending: .failed) == nil)
    let status = supervisor.workerStatuses(now: .now)
    #expect(status.map(\.completed) == [1] && status.map(\.failed) == [1])
  }

  @Test func restartsPastThePolicysIntensityFailThePoolAndTheEffectsWaitingForIt() {
    let supervisor = supervisor(restartPolicy: RestartPolicy(initialBackoff: .milliseconds(10), maxRestarts: 1, window: .seconds(60)))
    _ = supervisor.start(through: links)
    _ = hello(supervisor, worker: 1)
    #expect(supervisor.place(10, key: nil) == .worker(1))
    #expect(supervisor.place(11, key: nil) == .queued)
    #expect(supervisor.place(12, key: nil) == .queued)

    let first = supervisor.workerClosed(1, reason: .endOfStream, status: .exited(1))
    #expect(first.last == .restart(after: .milliseconds(10)))
    #expect(supervisor.restartDue() == [])

    let second = supervisor.workerClosed(2, reason: .endOfStream, status: .exited(1))

    let message = "The 'probe' pool has failed (more than 1 restarts in 60.0 seconds). Scale it to revive it: switchyard scale probe=N."
    #expect(second == [.failed(11, message: message), .failed(12, message: message)])
    #expect(supervisor.isFailed && supervisor.health == .failed(reason: "more than 1 restarts in 60.0 seconds"))
    #expect(supervisor.queuedCount == 0)
    #expect(supervisor.scale(to: 1) == [], "scaling revives it: a new worker starts")
    #expect(supervisor.health == .degraded && links.pids.count == 3)
  }

  @Test func anEffectThatEndsWhileItsPoolIsScaledToZeroOrRestartingIsNeverDispatched() {
    let supervisor = supervisor(restartPolicy: RestartPolicy(initialBackoff: .milliseconds(10)))
    _ = supervisor.start(through: links)
    _ = hello(supervisor, worker: 1)
    #expect(supervisor.place(10, key: nil) == .worker(1))
    #expect(supervisor.place(11, key: nil) == .queued)
    #expect(supervisor.place(12, key: nil) == .queued)

    // Worker 1 dies: 11 and 12 wait for its replacement, and end (time out) before it says hello.
    _ = supervisor.workerClosed(1, reason: .endOfStream, status: .exited(1))
    #expect(supervisor.release(11, from: nil, ending: .failed) == nil)
    #expect(supervisor.queuedCount == 1)
    _ = supervisor.restartDue()
    #expect(hello(supervisor, worker: 2) == [.dispatch([12], to: 2)])

    // Scaled to 0 with one waiting, which ends there: scaled up again, nothing is left to run.
    #expect(supervisor.place(13, key: nil) == .queued)
    _ = supervisor.scale(to: 0)
    #expect(supervisor.release(13, from: nil, ending: .failed) == nil)
    #expect(supervisor.queuedCount == 0 && supervisor.health == .healthy)
    _ = supervisor.scale(to: 1)
    #expect(hello(supervisor, worker: 3) == [])
  }

  @Test func aDrainingWorkerPastItsTimeoutHandsItsEffectsBack() async throws {
    let configuration = PoolConfiguration(kind: "probe", size: 2, maxInFlightPerWorker: 4, drainTimeout: .zero)
    let supervisor = PoolSupervisor(configuration: configuration, inbox: MainActorInbox { _ in }, outgoing: OutgoingCommands(), log: { _ in })
    _ = supervisor.start(through: links)
    _ = hello(supervisor, worker: 1)
    _ = hello(supervisor, worker: 2)
    #expect(supervisor.place(10, key: nil) == .worker(1))
    #expect(supervisor.place(11, key: nil) == .worker(2))
    #expect(supervisor.place(12, key: nil) == .worker(1))

    #expect(supervisor.scale(to: 1) == [], "the least loaded worker drains")
    let outcomes = supervisor.tick(now: .now + .milliseconds(1))

    #expect(outcomes == [.handedBack(11, from: 2)])
    #expect(supervisor.placeAgain(11, key: nil) == 1)
    #expect(supervisor.worker(2)?.state.isStopping == true)
  }

  @Test func aSilentWorkerThatStartsDrainingStaysOutOfRotation() {
    let configuration = PoolConfiguration(
      kind: "probe", size: 2, maxInFlightPerWorker: 2, heartbeatInterval: .seconds(1), heartbeatTimeout: .seconds(60), drainTimeout: .seconds(60))
    let supervisor = PoolSupervisor(configuration: configuration, inbox: MainActorInbox { _ in }, outgoing: OutgoingCommands(), log: { _ in })
    let start = ContinuousClock.now
    _ = supervisor.start(through: links)
    _ = hello(supervisor, worker: 1)
    _ = hello(supervisor, worker: 2)
    #expect(supervisor.place(10, key: nil) == .worker(1))
    #expect(supervisor.place(11, key: nil) == .worker(2))

    _ = supervisor.tick(now: start + .seconds(2))
    _ = supervisor.tick(now: start + .milliseconds(3_500))
    #expect(supervisor.worker(1)?.state.isSuspect == true && supervisor.worker(2)?.state.isSuspect == true, "neither answered its ping")
    _ = supervisor.scale(to: 1)
    _ = supervisor.tick(now: start + .seconds(4))

    #expect(supervisor.place(12, key: nil) == .queued, "a draining worker takes nothing new, and a silent one nothing until it is heard")
  }

  @Test func aBrokerIsReadyAtOnceAndIsNeverPinged() async throws {
    let supervisor = supervisor(peer: .broker("redis 127.0.0.1:6379, stream sy:jobs:probe"))
    #expect(supervisor.place(10, key: nil) == .queued)

    #expect(supervisor.start(through: links) == [.dispatch([10], to: 1)], "no hello: the stream takes jobs at once")
    _ = supervisor.tick(now: .now + .seconds(2))

    #expect(links.sent.isEmpty, "a broker is neither greeted nor pinged: \(links.sent)")
    let status = try #require(supervisor.workerStatuses(now: .now).first)
    #expect(status.broker == "redis 127.0.0.1:6379, stream sy:jobs:probe" && status.pid == 0 && status.state == "ready")
  }
}

/// Links that reach no process: each connect makes one, a process with a made-up pid or the
/// broker the test names, and remembers the commands sent through it.
private final class ScriptedTransport: WorkerTransport, @unchecked Sendable {
  private let state = Mutex<(pids: [Int32], sent: [WorkerCommand])>(([], []))
  /// What links made from now on reach; a process when `nil`.
  var peer: LinkPeer?

  var pids: [Int32] { state.withLock(\.pids) }
  var sent: [WorkerCommand] { state.withLock(\.sent) }

  func connect(kind: JobKind, events: WorkerLinkEvents) throws -> any WorkerLink {
    let pid = state.withLock { state in
      let pid = Int32(4_000 + state.pids.count)
      state.pids.append(pid)
      return pid
    }
    return ScriptedLink(peer: peer ?? .process(pid: pid)) { commands in self.state.withLock { $0.sent += commands } }
  }
}

private struct ScriptedLink: WorkerLink {
  let peer: LinkPeer
  let record: @Sendable ([WorkerCommand]) -> Void
  var readCount: UInt64 { 0 }

  func encode(_ command: WorkerCommand, into batch: inout OutboundBatch) {
    batch.commands.append(command)
  }

  func send(_ batch: OutboundBatch) {
    record(batch.commands)
  }

  func kill() {}
}
