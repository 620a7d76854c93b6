import Foundation
import SwitchyardTestSupport
import Testing
import SwitchyardWire
@testable import SwitchyardRuntime

/// `switchyard start` as a real process, driven through its control socket.
@Suite(.serialized, .onAThreadOfItsOwn)
struct ControlSocketTests {
  @Test func statusStateSendSubscribeAndScale() async throws {
    let coordinator = try CoordinatorProcess(pools: "probe=2")
    defer { coordinator.cleanUp() }
    try await withTimeout(120) {
      let client = try await coordinator.connect()
      try await eventually("two ready workers") { (try? client.status().pools.first?.size) == 2 }
      let mode = try FileManager.default.attributesOfItem(atPath: coordinator.socketPath)[.posixPermissions] as? Int
      #expect(mode == 0o600)

      let subscribed = try client.request(.subscribe(id: 7, path: "runs.a.outcome"))
      #expect(subscribed == .stateChanged(id: 7, path: "runs.a.outcome", value: .null))

      let start: JSONValue = .object([
        "start": .object(["name": "a", "job": .object(["tag": "t", "outputs": 3]), "cancelInFlight": false])
      ])
      #expect(try client.request(.send(id: 2, action: start)) == .sent(id: 2, sequence: 1))
      var outcomes: [JSONValue] = []
      while outcomes.last != "finished" {
        guard case let .stateChanged(7, _, value) = try client.receive() else { continue }
        outcomes.append(value)
      }
      // De-duplicated: each distinct value once, in order.
      #expect(outcomes == ["running", "finished"])

      let slice = try client.request(.state(id: 3, path: "runs.a.outputs"))
      #expect(slice == .stateSlice(id: 3, path: "runs.a.outputs", value: [0, 1, 2]))

      let bad = try client.request(.send(id: 4, action: .object(["launch": .object([:])])))
      guard case let .error(4, code, message) = bad else { throw TimedOut(what: "an error for a bad action") }
      #expect(code == .invalidAction)
      #expect(message.contains("Action"))

      #expect(try client.request(.scale(id: 5, pools: ["probe": 3])) == .scaled(id: 5, pools: ["probe": 3]))
      try await eventually("three ready workers") { (try? client.status().pools.first?.size) == 3 }
      let unknown = try client.request(.scale(id: 6, pools: ["nope": 1]))
      guard case .error(6, ControlErrorCode.unknownPool, _) = unknown else { throw TimedOut(what: "an error for an unknown pool") }

      let report = try client.status()
      #expect(report.coordinator.actionsTotal >= 5)
      #expect(report.pools.first?.completed == 1)
      #expect(report.workers.count == 3)
      #expect(await coordinator.terminate() == 0)
    }
  }

  @Test func theHelloHandshakeAndProtocolErrors() async throws {
    let coordinator = try CoordinatorProcess(pools: "probe=1")
    defer { coordinator.cleanUp() }
    try await withTimeout(120) {
      let client = try await coordinator.connect()
      try client.send(.hello(Hello(role: "client", pid: getpid())))
      guard case let .hello(hello) = try client.receive() else { throw TimedOut(what: "the coordinator's hello") }
      #expect(hello.role == "coordinator")
      #expect(hello.pid == coordinator.process.pid)

      guard case .error(8, ControlErrorCode.notSubscribed, _) = try client.request(.unsubscribe(id: 8)) else {
        throw TimedOut(what: "notSubscribed")
      }
      guard case .error(9, ControlErrorCode.unknownPath, _) = try client.request(.state(id: 9, path: "runs.nobody")) else {
        throw TimedOut(what: "unknownPath")
      }

      let stranger = try await coordinator.connect()
      try stranger.send(.hello(Hello(version: "2.0", role: "client", pid: getpid())))
      guard case .error(nil, ControlErrorCode.versionMismatch, _) = try stranger.receive() else {
        throw TimedOut(what: "versionMismatch")
      }
      #expect(throws: ControlClientError.closed) { try stranger.receive() }
      #expect(await coordinator.terminate() == 0)
    }
  }

  @Test func manyClientsAtOnceAndASlowSubscriberNeverBlocksTheCoordinator() async throws {
    let coordinator = try CoordinatorProcess(pools: "probe=1")
    defer { coordinator.cleanUp() }
    try await withTimeout(120) {
      var clients: [ControlClient] = []
      for _ in 0..<8 {
        let client = try await coordinator.connect()
        // A first request at once: a client that sends nothing for the handshake timeout (5 s) is
        // closed, which a loaded run's 2,000 outputs outlasted.
        _ = try client.status()
        clients.append(client)
      }
      // This one subscribes to everything and never reads.
      try clients[0].send(.subscribe(id: 1, path: ""))
      let job: JSONValue = .object(["tag": "t", "outputs": 2_000, "payloadBytes": 64])
      let start: JSONValue = .object(["start": .object(["name": "a", "job": job, "cancelInFlight": false])])
      #expect(try clients[1].request(.send(id: 2, action: start)) == .sent(id: 2, sequence: 1))
      try await eventually("the run to finish") {
        (try? clients[2].request(.state(id: 3, path: "runs.a.outcome"))) == .stateSlice(id: 3, path: "runs.a.outcome", value: "finished")
      }
      for client in clients[3...] {
        #expect(try client.status().coordinator.actionsTotal >= 2_000)
      }
      #expect(await coordinator.terminate() == 0)
    }
  }

  @Test func aSecondCoordinatorOnTheSameRunDirectoryRefusesToStart() async throws {
    let first = try CoordinatorProcess(pools: "probe=1")
    defer { first.cleanUp() }
    try await withTimeout(120) {
      _ = try await first.connect()
      let second = try CoordinatorProcess(pools: "probe=1", runDirectory: first.runDirectory)
      // A coordinator that cannot start is a runtime error, not bad usage.
      #expect(await second.waitForExit() == 1)
      #expect(second.log.contains("already running in \(first.runDirectory)"))
      let client = try await first.connect()
      #expect(try client.status().coordinator.pid == first.process.pid)
      #expect(await first.terminate() == 0)
    }
  }

  @Test func aRunDirectoryOthersMayWriteIsNarrowedTo0700() async throws {
    let runDirectory = makeRunDirectory()
    chmod(runDirectory, 0o777)
    let coordinator = try CoordinatorProcess(pools: "probe=1", runDirectory: runDirectory)
    defer { coordinator.cleanUp() }
    try await withTimeout(120) {
      _ = try await coordinator.connect()
      var info = stat()
      #expect(stat(runDirectory, &info) == 0)
      #expect(info.st_mode & 0o777 == 0o700)
      #expect(await coordinator.terminate() == 0)
    }
  }

  /// Only root can give a directory away, so elsewhere there is nothing to test.
  @Test(.enabled(if: geteuid() == 0)) func aRunDirectoryOfAnotherUserIsRefused() async throws {
    let runDirectory = makeRunDirectory()
    #expect(chown(runDirectory, 65534, 65534) == 0)
    let coordinator = try CoordinatorProcess(pools: "probe=1", runDirectory: runDirectory)
    defer { coordinator.cleanUp() }
    #expect(await coordinator.waitForExit(within: 20) == 1)
    #expect(coordinator.log.contains("The run directory \(runDirectory) belongs to user 65534, not to this one"))
  }

  @Test func aStaleSocketFromADeadCoordinatorIsCleanedUp() async throws {
    let dead = try CoordinatorProcess(pools: "probe=1")
    defer { dead.cleanUp() }
    try await withTimeout(120) {
      _ = try await dead.connect()
      kill(dead.process.pid, SIGKILL)
      #expect(await dead.process.exited(within: 30))
      #expect(FileManager.default.fileExists(atPath: dead.socketPath))
      let next = try CoordinatorProcess(pools: "probe=1", runDirectory: dead.runDirectory)
      defer { next.cleanUp() }
      let client = try await next.connect()
      #expect(try client.status().coordinator.pid == next.process.pid)
      #expect(await next.terminate() == 0)
    }
  }

  @Test func shutdownLeavesNoChildProcessAndRemovesTheSocket() async throws {
    let coordinator = try CoordinatorProcess(pools: "probe=3")
    defer { coordinator.cleanUp() }
    try await withTimeout(120) {
      let client = try await coordinator.connect()
      try await eventually("three ready workers") { (try? client.status().pools.first?.size) == 3 }
      let workers = try client.status().workers.map(\.pid)
      // One of them is busy with a long job when the signal comes.
      let job: JSONValue = .object(["tag": "t", "outputs": 1, "intervalMillis": 60_000])
      _ = try client.request(.send(id: 2, action: .object(["start": .object(["name": "a", "job": job, "cancelInFlight": false])])))
      #expect(await coordinator.terminate() == 0)
      for pid in workers { #expect(!processExists(pid), "worker \(pid) outlived the coordinator") }
      #expect(!FileManager.default.fileExists(atPath: coordinator.socketPath))
    }
  }

  @Test func workersExitByThemselvesWhenTheCoordinatorDies() async throws {
    let coordinator = try CoordinatorProcess(pools: "probe=2")
    defer { coordinator.cleanUp() }
    try await withTimeout(120) {
      let client = try await coordinator.connect()
      try await eventually("two ready workers") { (try? client.status().pools.first?.size) == 2 }
      let workers = try client.status().workers.map(\.pid)
      kill(coordinator.process.pid, SIGKILL)
      #expect(await coordinator.process.exited(within: 30))
      try await eventually("the orphaned workers to exit") { workers.allSatisfy { !processIsRunning($0) } }
    }
  }

  @Test func idleClientsFillingTheDescriptorTableAreRefusedWithoutSpinningAndWorkersStillRestart() async throws {
    let coordinator = try CoordinatorProcess(pools: "probe=1", descriptorLimit: 64)
    defer { coordinator.cleanUp() }
    try await withTimeout(120) {
      let client = try await coordinator.connect()
      try await eventually("a ready worker") { (try? client.status().pools.first?.size) == 1 }
      let worker = try #require(try client.status().workers.first?.pid)
      let pid = coordinator.process.pid

      let idle = (0..<100).compactMap { _ in try? RawSocket(path: coordinator.socketPath) }
      let refusals = idle.filter { String(decoding: $0.readAll(within: .milliseconds(20)), as: UTF8.self).contains("noDescriptors") }
      #expect(!refusals.isEmpty, "no client was refused although 100 exceed a limit of 64 descriptors")
      // Held open for half a second, the idle clients cost the coordinator next to no CPU.
      let before = cpuTicks(of: pid)
      try await Task.sleep(for: .milliseconds(500))
      #expect(cpuTicks(of: pid) - before < 20, "the coordinator spins while its descriptor table is full")

      // The descriptors kept in reserve let the pool replace a dead worker meanwhile.
      kill(worker, SIGKILL)
      try await eventually("the worker replaced and ready") {
        guard let status = try? client.status() else { return false }
        return status.pools.first?.size == 1 && status.workers.first.map { $0.pid != worker } == true
      }
      withExtendedLifetime(idle) {}
      #expect(await coordinator.terminate() == 0)
    }
  }
}
