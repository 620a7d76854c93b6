import Foundation
import Synchronization
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// The built `switchyard` journaling into a real data directory: killed with SIGKILL and restarted,
/// refused beside another coordinator, read by `history`, and refusing a damaged journal.
@Suite(.serialized, .onAThreadOfItsOwn)
struct DurabilityTests {
  /// A run directory (whose `data` is the data directory) under /tmp, removed afterwards.
  final class Directory {
    let path = "/tmp/sy-durable-\(getpid())-\(UUID().uuidString.prefix(8))"
    var data: String { path + "/data" }
    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Starts a probe coordinator with no workers unless `pools` says (its jobs never run, so only
  /// sent actions change the state) and waits until its socket answers.
  func startCoordinator(_ directory: Directory, _ extra: [String] = [], pools: String = "probe=0") async throws -> TestProcess {
    let coordinator = try TestProcess(
      ["start", "--pools", pools, "--run-dir", directory.path, "--fsync", "always", "--grace-ms", "200"] + extra
    )
    let deadline = ContinuousClock.now + .seconds(30)
    while (try? ControlClient(runDirectory: directory.path).request(.status(id: 1))) == nil {
      guard coordinator.isRunning, ContinuousClock.now < deadline else {
        coordinator.stop()
        throw TimedOut(what: "the coordinator's socket; log:\n\(coordinator.errorOutput)")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    return coordinator
  }

  nonisolated static func startAction(_ name: String) -> JSONValue {
    .object(["start": .object(["name": .string(name), "job": .object(["tag": "t", "outputs": 1]), "cancelInFlight": false])])
  }

  func send(_ names: [String], to directory: Directory) throws {
    let client = try ControlClient(runDirectory: directory.path)
    for (index, name) in names.enumerated() {
      let reply = try client.request(.send(id: UInt64(index + 2), action: Self.startAction(name)))
      guard case .sent = reply else { throw TimedOut(what: "sent, got \(reply)") }
    }
  }

  func state(_ directory: Directory) throws -> JSONValue {
    guard case let .stateSlice(_, _, value) = try ControlClient(runDirectory: directory.path).request(.state(id: 1, path: "")) else {
      throw TimedOut(what: "the state")
    }
    return value
  }

  func runNames(_ state: JSONValue) -> Set<String> {
    guard case let .object(runs)? = state[dottedPath: "runs"] else { return [] }
    return Set(runs.keys)
  }

  /// Twenty-one SIGKILLs over one data directory under `--fsync always`. Even rounds kill a quiet
  /// coordinator: the restarted state must equal the one read before the kill. Odd rounds kill it
  /// while a client sends as fast as it can: every action answered `sent` must be recovered, and
  /// nothing that was never sent may appear.
  @Test func everyAcknowledgedActionSurvivesSIGKILL() async throws {
    let directory = Directory()
    var sent: Set<String> = []
    var acknowledged: Set<String> = []
    var before: JSONValue?
    var generator = SystemRandomNumberGenerator()
    for round in 0...21 {
      let coordinator = try await startCoordinator(directory)
      defer { coordinator.stop() }
      let recovered = try state(directory)
      if let before { #expect(recovered == before, "round \(round): the quiet coordinator's state was not recovered whole") }
      let names = runNames(recovered)
      #expect(acknowledged.isSubset(of: names), "round \(round): lost \(acknowledged.subtracting(names).sorted())")
      #expect(names.isSubset(of: sent), "round \(round): recovered actions never sent: \(names.subtracting(sent).sorted())")
      if round == 21 { break }

      if round.isMultiple(of: 2) {
        let batch = (0..<5).map { "q\(round)-\($0)" }
        sent.formUnion(batch)
        try send(batch, to: directory)
        acknowledged.formUnion(batch)
        before = try state(directory)
        kill(coordinator.pid, SIGKILL)
      } else {
        before = nil
        let burst = Burst(round: round, runDirectory: directory.path)
        Thread.detachNewThread { burst.run() }
        // Killed at a random moment once the burst is under way, mid-request as likely as not.
        try await burst.waitUntilAcknowledged()
        try await Task.sleep(for: .milliseconds(Int.random(in: 0...40, using: &generator)))
        kill(coordinator.pid, SIGKILL)
        try await burst.waitUntilDone()
        sent.formUnion(burst.sent)
        acknowledged.formUnion(burst.acknowledged)
      }
      _ = try await coordinator.exitStatus(within: 30)
    }
  }

  /// A client sending `start` actions back to back until the coordinator goes away.
  final class Burst: Sendable {
    private let progress = Mutex<(sent: Set<String>, acknowledged: Set<String>, done: Bool)>(([], [], false))
    let round: Int
    let runDirectory: String

    init(round: Int, runDirectory: String) {
      self.round = round
      self.runDirectory = runDirectory
    }

    var sent: Set<String> { progress.withLock { $0.sent } }
    var acknowledged: Set<String> { progress.withLock { $0.acknowledged } }

    func run() {
      defer { progress.withLock { $0.done = true } }
      guard let client = try? ControlClient(runDirectory: runDirectory) else { return }
      for index in 0..<100_000 {
        let name = "b\(round)-\(index)"
        progress.withLock { _ = $0.sent.insert(name) }
        guard case .sent? = try? client.request(.send(id: UInt64(index + 2), action: DurabilityTests.startAction(name))) else {
          return
        }
        progress.withLock { _ = $0.acknowledged.insert(name) }
      }
    }

    func waitUntilAcknowledged() async throws {
      let deadline = ContinuousClock.now + .seconds(30)
      while progress.withLock({ $0.acknowledged.isEmpty && !$0.done }) {
        guard ContinuousClock.now < deadline else { throw TimedOut(what: "the burst's first acknowledgement") }
        try await Task.sleep(for: .milliseconds(1))
      }
    }

    func waitUntilDone() async throws {
      let deadline = ContinuousClock.now + .seconds(30)
      while !progress.withLock({ $0.done }) {
        guard ContinuousClock.now < deadline else { throw TimedOut(what: "the burst to end") }
        try await Task.sleep(for: .milliseconds(5))
      }
    }
  }

  /// The jobs, queued for a pool of no worker, are in flight at both snapshots: recovery replays
  /// from the initial snapshot, before the first of their actions, and starts them all again.
  @Test func statusShowsTheJournalAndRecoveryReplaysFromBeforeTheEffectsInFlight() async throws {
    let directory = Directory()
    let coordinator = try await startCoordinator(directory, ["--snapshot-every", "2", "--snapshots-kept", "5"])
    defer { coordinator.stop() }
    try send(["a", "b", "c", "d", "e"], to: directory)
    // With no worker every job stays in flight, so each snapshot is followed by a record listing
    // them: a(1) b(2), snapshot 2, its list (3), c(4) d(5), snapshot 5, its list (6), e(7).
    // Snapshots are written off the main actor: wait for the second.
    let deadline = ContinuousClock.now + .seconds(30)
    var report: JournalReport?
    while report?.snapshotSequence != 5 {
      guard ContinuousClock.now < deadline else { throw TimedOut(what: "the snapshot of record 5; last report: \(String(describing: report))") }
      guard case let .statusReport(_, status) = try ControlClient(runDirectory: directory.path).request(.status(id: 1)) else { return }
      report = status.journal
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(report?.fsync == "always")
    #expect(report?.lastSequence == 7)
    #expect(report?.durableSequence == 7)
    #expect(report?.undurableRecords == 0)
    #expect(report?.dataDir == directory.data)
    #expect((report?.bytes ?? 0) > 0)
    let table = try await switchyard("status", "--run-dir", directory.path, environment: ["NO_COLOR": "1"])
    #expect(table.output.contains("journal  fsync always  last 7  durable 7 (lag 0)"), "\(table.output)")
    #expect(table.output.contains("snapshot 5"))

    kill(coordinator.pid, SIGKILL)
    _ = try await coordinator.exitStatus(within: 30)
    // Recovery reaches back as far as the snapshots it keeps: the same five.
    let restarted = try await startCoordinator(directory, ["--snapshots-kept", "5"])
    defer { restarted.stop() }
    #expect(restarted.errorOutput.contains("recovered 7 journal records from \(directory.data): the snapshot of action 0 plus 7 replayed"),
            "\(restarted.errorOutput)")
    #expect(restarted.errorOutput.contains("5 remote effects were in flight"), "\(restarted.errorOutput)")
    #expect(runNames(try state(directory)) == ["a", "b", "c", "d", "e"])

    let follower = try TestProcess(["history", "--follow", "--json", "--run-dir", directory.path])
    defer { follower.stop() }
    try await follower.waitForOutput("the last records") { $0.split(separator: "\n").count == 7 }
    #expect(follower.output.contains("effectsInFlight"), "\(follower.output)")
    try send(["f"], to: directory)
    try await follower.waitForOutput("the action sent after") { $0.split(separator: "\n").count == 8 }
    #expect(follower.output.split(separator: "\n").last?.contains(#""changes":["runs.f: added {"#) == true, "\(follower.output)")
  }

  @Test func aSecondCoordinatorOnTheSameDataDirectoryIsRefused() async throws {
    let directory = Directory()
    let first = try await startCoordinator(directory)
    defer { first.stop() }
    let other = Directory()
    let second = try await switchyard("start", "--pools", "probe=0", "--run-dir", other.path, "--data-dir", directory.data)
    #expect(second.status == 1)
    #expect(second.errorOutput.contains("The data directory \(directory.data) is in use by process \(first.pid)."), "\(second.errorOutput)")
  }

  @Test func historyListsShowsAndDiffsPastStates() async throws {
    let directory = Directory()
    let coordinator = try await startCoordinator(directory)
    defer { coordinator.stop() }
    try send(["a", "b", "c"], to: directory)
    #expect(await coordinator.terminate() == 0)
    #expect(coordinator.errorOutput.contains("journaling to \(directory.data) (empty)"))

    let listing = try await switchyard("history", "--run-dir", directory.path, "--json")
    #expect(listing.status == 0, "\(listing.errorOutput)")
    let lines = try listing.output.split(separator: "\n").map { try WireJSONDecoder().parse(Array($0.utf8)) }
    #expect(lines.map { $0[dottedPath: "sequence"] } == [1, 2, 3])
    #expect(lines.map { $0[dottedPath: "action"] } == ["start", "start", "start"])
    #expect(lines[1][dottedPath: "changes.0"]?.stringValue?.hasPrefix("runs.b: added {") == true)

    let text = try await switchyard("history", "--data-dir", directory.data, "--from", "2", "--limit", "1")
    #expect(text.output.split(separator: "\n").count == 1)
    #expect(text.output.hasPrefix("       2  "))
    #expect(text.output.contains("  start  "))

    let at = try await switchyard("history", "--data-dir", directory.data, "--at", "2", "--state", "runs")
    #expect(at.status == 0)
    #expect(try runNames(.object(["runs": WireJSONDecoder().parse(Array(at.output.utf8))])) == ["a", "b"])

    let diff = try await switchyard("history", "--data-dir", directory.data, "--diff", "1..3", "runs")
    #expect(diff.status == 0)
    #expect(diff.output.contains("+   \"b\": ["), "\(diff.output)")
    #expect(diff.output.contains("+   \"c\": ["))
    #expect(!diff.output.contains("+   \"a\""))

    let beyond = try await switchyard("history", "--data-dir", directory.data, "--at", "9")
    #expect(beyond.status == 1)
    #expect(beyond.errorOutput == "error: The state at record 9 cannot be rebuilt: the journal ends at record 3.\n")

    let owner = directory.data + "/APPLICATION"
    try "application other\nreducer Other.Feature\n".write(toFile: owner, atomically: true, encoding: .utf8)
    let foreign = try await switchyard("history", "--data-dir", directory.data)
    #expect(foreign.status == 1)
    #expect(foreign.errorOutput.contains("was written by other running Other.Feature"), "\(foreign.errorOutput)")
    let refused = try await switchyard("start", "--pools", "probe=0", "--run-dir", directory.path)
    #expect(refused.status == 78, "EX_CONFIG: the data directory needs an operator")
    #expect(refused.errorOutput.contains("was written by other running Other.Feature, not by SwitchyardDiagnostics.ProbeFeature"))
  }

  @Test func aDamagedSegmentStopsStartUntilRepaired() async throws {
    let directory = Directory()
    let coordinator = try await startCoordinator(directory)
    defer { coordinator.stop() }
    try send(["a", "b", "c"], to: directory)
    // Killed, so no snapshot at shutdown covers the records: the state lives in them alone.
    kill(coordinator.pid, SIGKILL)
    _ = try await coordinator.exitStatus(within: 30)

    // Record 1 starts after the 16-byte segment header; flipping a byte of its payload damages it
    // with records after it: corruption, not a torn tail.
    let segment = directory.data + "/segment-00000000000000000001.log"
    let file = try #require(FileHandle(forUpdatingAtPath: segment))
    try file.seek(toOffset: 16 + 24 + 3)
    let byte = try #require(try file.read(upToCount: 1)?.first)
    try file.seek(toOffset: 16 + 24 + 3)
    try file.write(contentsOf: [byte ^ 0xFF])
    try file.close()

    let refused = try await switchyard("start", "--pools", "probe=0", "--run-dir", directory.path)
    #expect(refused.status == 78, "EX_CONFIG: the data directory needs an operator")
    #expect(
      refused.errorOutput.contains("The journal is damaged in segment-00000000000000000001.log at byte 16:"),
      "\(refused.errorOutput)"
    )

    let repaired = try await startCoordinator(directory, ["--repair"])
    defer { repaired.stop() }
    #expect(runNames(try state(directory)).isEmpty, "the journal was cut before its first record")
    #expect(repaired.errorOutput.contains("Repaired"), "\(repaired.errorOutput)")
    #expect(await repaired.terminate() == 0)
  }
}
