import Foundation
import Synchronization
import SwitchyardTestSupport
import Testing
import SwitchyardWire
@testable import SwitchyardRuntime

/// What a terminal's Ctrl-C does to `switchyard start`.
@Suite(.serialized, .onAThreadOfItsOwn)
struct InterruptTests {
  @Test func ctrlCShutsDownInOrderAndNoWorkerDiesOfTheSignalItself() async throws {
    let coordinator = try CoordinatorProcess(pools: "probe=2")
    defer { coordinator.cleanUp() }
    try await withTimeout(120) {
      let client = try await coordinator.connect()
      try await eventually("two ready workers") { (try? client.status().pools.first?.size) == 2 }
      let group = coordinator.process.pid
      try #require(getpgid(group) == group, "the coordinator must lead its own process group to be signalled as one")
      let workers = try client.status().workers.map(\.pid)
      for worker in workers { #expect(getpgid(worker) != group, "worker \(worker) shares the terminal's process group") }
      let job: JSONValue = .object(["tag": "t", "outputs": 1, "intervalMillis": 60_000])
      _ = try client.request(.send(id: 2, action: .object(["start": .object(["name": "a", "job": job, "cancelInFlight": false])])))

      // A terminal sends SIGINT to the whole foreground process group.
      kill(-group, SIGINT)
      #expect(await coordinator.waitForExit() == 0)
      #expect(coordinator.log.contains("received signal \(SIGINT); shutting down"))
      // Workers stopped by the coordinator are not reported; one killed by the SIGINT would be.
      #expect(!coordinator.log.contains("[probe "), "\(coordinator.log)")
      for pid in workers { #expect(!processExists(pid), "worker \(pid) outlived the coordinator") }
      #expect(!FileManager.default.fileExists(atPath: coordinator.socketPath))
    }
  }

  @Test func aSecondSignalWhileWorkersDrainStopsTheCoordinatorAtOnce() async throws {
    // A minute of grace and a worker that stops answering: the orderly stop alone would take the minute.
    let coordinator = try CoordinatorProcess(arguments: ["--pools", "probe=1", "--no-journal"], graceMilliseconds: 60_000)
    let workers = Mutex<[Int32]>([])
    defer {
      // The hung worker is stopped (SIGSTOP) and would never read its closed input.
      for pid in workers.withLock({ $0 }) { kill(pid, SIGKILL) }
      coordinator.cleanUp()
    }
    try await withTimeout(120) {
      let client = try await coordinator.connect()
      try await eventually("a ready worker") { (try? client.status().pools.first?.size) == 1 }
      let pids = try client.status().workers.map(\.pid)
      workers.withLock { $0 = pids }
      let job: JSONValue = .object(["tag": "t", "outputs": 1, "behavior": "hang"])
      _ = try client.request(.send(id: 2, action: .object(["start": .object(["name": "a", "job": job, "cancelInFlight": false])])))
      try await eventually("the job on its worker") { (try? client.status().pools.first?.busy) == 1 }
      let pid = coordinator.process.pid
      kill(pid, SIGTERM)
      try await eventually("the orderly stop") { coordinator.log.contains("shutting down") }
      kill(pid, SIGTERM)
      #expect(await coordinator.waitForExit(within: 20) == 128 + SIGTERM, "\(coordinator.log)")
      #expect(coordinator.log.contains("received signal \(SIGTERM) again; stopping at once"))
    }
  }
}
