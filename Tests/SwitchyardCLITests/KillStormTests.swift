import Foundation
import Synchronization
import SwitchyardCLI
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// The built `switchyard` under three users' load, killed with SIGKILL at random moments
/// twenty-two times and restarted each time on the same data directory with `--fsync always`:
/// every acknowledged action is recovered, a quiet coordinator comes back exactly as it was, and
/// every effect the users started ends — the jobs in flight at each kill are started again by the
/// restarted coordinator.
@Suite(.serialized, .onAThreadOfItsOwn)
struct KillStormTests {
  static let kills = 22
  static let users = 3

  func startCoordinator(_ directory: DurabilityTests.Directory) async throws -> TestProcess {
    let coordinator = try TestProcess(
      ["start", "--pools", "probe=2", "--run-dir", directory.path, "--fsync", "always", "--grace-ms", "200"]
    )
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
      if case let .statusReport(_, report)? = try? ControlClient(runDirectory: directory.path).request(.status(id: 1)),
        report.workers.filter({ $0.state == "ready" }).count == 2
      {
        return coordinator
      }
      guard coordinator.isRunning, ContinuousClock.now < deadline else {
        coordinator.stop()
        throw TimedOut(what: "the coordinator and its two workers; log:\n\(coordinator.errorOutput)")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  func status(_ directory: DurabilityTests.Directory) throws -> StatusReport {
    guard case let .statusReport(_, report) = try ControlClient(runDirectory: directory.path).request(.status(id: 1)) else {
      throw TimedOut(what: "the status")
    }
    return report
  }

  func state(_ directory: DurabilityTests.Directory) throws -> JSONValue {
    guard case let .stateSlice(_, _, value) = try ControlClient(runDirectory: directory.path).request(.state(id: 1, path: "")) else {
      throw TimedOut(what: "the state")
    }
    return value
  }

  /// The state once every record the coordinator journaled is on disk: what a quiet coordinator
  /// killed now must come back with. Under `--fsync always` a `send` is answered only once all
  /// that was reduced before it is durable, so an action that changes nothing is the barrier.
  func durableState(_ directory: DurabilityTests.Directory) async throws -> JSONValue {
    // First every effect ends, a job started again for a step since superseded included.
    let deadline = ContinuousClock.now + .seconds(30)
    while try status(directory).pools.contains(where: { $0.started > $0.completed + $0.failed + $0.cancelled }) {
      guard ContinuousClock.now < deadline else { throw TimedOut(what: "the pool to be idle") }
      try await Task.sleep(for: .milliseconds(5))
    }
    let barrier: JSONValue = ["cancel": ["name": "nobody"]]
    guard case .sent = try ControlClient(runDirectory: directory.path).request(.send(id: 1, action: barrier)) else {
      throw TimedOut(what: "the barrier action to be acknowledged")
    }
    return try state(directory)
  }

  @Test func everyEffectEndsAcrossTwentyTwoKills() async throws {
    let directory = DurabilityTests.Directory()
    let load = StormLoad(runDirectory: directory.path, users: Self.users)
    defer { load.stop() }
    var generator = SystemRandomNumberGenerator()
    var quietState: JSONValue?
    var acknowledgedAtKill: [String: Int] = [:]
    var restartedEffects = 0
    let started = ContinuousClock.now
    var last: TestProcess?
    defer { last?.stop() }
    for round in 0...Self.kills {
      let coordinator = try await startCoordinator(directory)
      last = coordinator
      let recovered = try state(directory)
      if let quietState { #expect(recovered == quietState, "round \(round): the quiet coordinator's state was not recovered whole") }
      for (user, step) in acknowledgedAtKill {
        let run = recovered[dottedPath: "runs.\(user).tag"]?.stringValue.flatMap(StormLoad.step(ofTag:)) ?? -1
        #expect(run >= step, "round \(round): \(user)'s acknowledged step \(step) was lost; the state holds \(run)")
      }
      if coordinator.errorOutput.contains("remote effects were in flight") { restartedEffects += 1 }
      if round == Self.kills { break }

      let workers = try status(directory).workers.map(\.pid)
      load.resume()
      try await Task.sleep(for: .milliseconds(Int.random(in: 150...450, using: &generator)))
      if round.isMultiple(of: 2) {
        // Quiet: every user's step ends first, so nothing is in flight and nothing may change.
        try await load.pause()
        quietState = try await durableState(directory)
        acknowledgedAtKill = [:]
      } else {
        quietState = nil
        acknowledgedAtKill = load.lastAcknowledged
      }
      kill(coordinator.pid, SIGKILL)
      _ = try await coordinator.exitStatus(within: 30)
      coordinator.stop()
      try await expectGone(workers, round: round)
    }

    // The last coordinator runs: every step the users started must end there.
    try await load.pause()
    let account = load.account
    #expect(account.started >= 40, "the load ran: \(account)")
    #expect(account.lost == 0, "effects lost across the kills: \(account)")
    #expect(restartedEffects > 0, "some restart found effects in flight to start again")
    // A bound on a run that has gone wrong, loose enough for a full run's loaded machine (one took
    // 121 s).
    #expect(ContinuousClock.now - started < .seconds(240))

    // `load`'s own accounting, against the coordinator recovered twenty-two times.
    let report = try await switchyard("load", "--scenario", "probe", "--run-dir", directory.path, "--users", "2", "--actions", "40", "--json", within: 30)
    #expect(report.status == 0, "\(report.output)\(report.errorOutput)")
    let summary = try WireJSONDecoder().parse(Array(report.output.utf8))
    #expect(summary[dottedPath: "lostEffects"] == .int(0), "\(report.output)")
    #expect(summary[dottedPath: "runs"]?.arrayValue?.first?[dottedPath: "effects.probe.completed"] == .int(40), "\(report.output)")
  }

  /// Waits for the killed coordinator's workers to exit (their pipes closed); kills any that do not.
  func expectGone(_ workers: [Int32], round: Int) async throws {
    let deadline = ContinuousClock.now + .seconds(20)
    var alive = workers
    while !alive.isEmpty, ContinuousClock.now < deadline {
      alive = alive.filter { kill($0, 0) == 0 }
      try await Task.sleep(for: .milliseconds(10))
    }
    for pid in alive { kill(pid, SIGKILL) }
    #expect(alive.isEmpty, "round \(round): workers \(alive) outlived their killed coordinator")
  }
}

/// Simulated users, each on its own thread: starts probe jobs one after another under its name and
/// waits for each to end, reconnecting when the coordinator dies, and tallies how each ended.
final class StormLoad: Sendable {
  private struct Progress {
    var paused = true
    var stopped = false
    var busy: Set<String> = []
    var lastAcknowledged: [String: Int] = [:]
    var started: Int64 = 0
    var finished: Int64 = 0
    var failed: Int64 = 0
  }

  private let progress = Mutex(Progress())
  let runDirectory: String

  init(runDirectory: String, users: Int) {
    self.runDirectory = runDirectory
    for index in 0..<users {
      let name = "u\(index)"
      Thread.detachNewThread { self.run(name) }
    }
  }

  /// The tag of step `step` of `user`.
  static func tag(_ user: String, _ step: Int) -> String { "\(user)-\(step)" }

  /// The step a tag names.
  static func step(ofTag tag: String) -> Int? {
    tag.split(separator: "-").last.flatMap { Int($0) }
  }

  /// Each user's last step whose start was answered `sent`.
  var lastAcknowledged: [String: Int] { progress.withLock { $0.lastAcknowledged } }

  /// How the users' effects ended, as `load` accounts for a pool's.
  var account: EffectAccount {
    progress.withLock { EffectAccount(started: $0.started, completed: $0.finished, failed: $0.failed, cancelled: 0) }
  }

  func resume() {
    progress.withLock { $0.paused = false }
  }

  /// Stops the users from taking new steps and waits until the steps under way have ended.
  @MainActor
  func pause() async throws {
    progress.withLock { $0.paused = true }
    let deadline = ContinuousClock.now + .seconds(30)
    while !progress.withLock({ $0.busy.isEmpty }) {
      guard ContinuousClock.now < deadline else { throw TimedOut(what: "the users' steps to end: \(account)") }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  func stop() {
    progress.withLock { $0.stopped = true }
  }

  private var isStopped: Bool { progress.withLock { $0.stopped } }

  private func run(_ name: String) {
    var client: ControlClient?
    var step = 0
    while !isStopped {
      let takesStep = progress.withLock { progress in
        guard !progress.paused else { return false }
        progress.busy.insert(name)
        return true
      }
      guard takesStep else {
        usleep(10_000)
        continue
      }
      let tag = Self.tag(name, step)
      // Every third job is not retryable: killed mid-run, it fails with coordinatorRestarted.
      let job: JSONValue = ["tag": .string(tag), "outputs": 2, "intervalMillis": 40, "retryable": .bool(!step.isMultiple(of: 3))]
      // Each step supersedes the last, as a user's next search does: a job started again after a
      // kill for a step the user has left behind is cancelled, not left to run.
      let action: JSONValue = ["start": ["name": .string(name), "job": job, "cancelInFlight": true]]
      var isStarted = false
      if case .sent? = try? connected(&client).request(.send(id: UInt64(step + 1), action: action)) {
        isStarted = true
        progress.withLock { $0.lastAcknowledged[name] = step }
      }
      let outcome = waitForEnd(of: tag, name: name, client: &client, knownStarted: isStarted)
      progress.withLock { progress in
        if outcome != nil || isStarted { progress.started += 1 }
        switch outcome {
        case "finished"?: progress.finished += 1
        case nil: break
        default: progress.failed += 1
        }
        progress.busy.remove(name)
      }
      step += 1
    }
  }

  /// The outcome of the run tagged `tag` once it has left `running`; `nil` when the run is not in
  /// the state (its start was lost unacknowledged) or does not end within 15 seconds.
  private func waitForEnd(of tag: String, name: String, client: inout ControlClient?, knownStarted: Bool) -> String? {
    let deadline = ContinuousClock.now + .seconds(15)
    while ContinuousClock.now < deadline, !isStopped {
      if case let .stateSlice(_, _, run)? = try? connected(&client).request(.state(id: 1, path: "runs.\(name)")) {
        guard run[dottedPath: "tag"]?.stringValue == tag else {
          if knownStarted { usleep(10_000); continue }
          return nil
        }
        if let outcome = run[dottedPath: "outcome"]?.stringValue, outcome != "running" { return outcome }
      } else {
        client = nil
      }
      // Polled gently: the suite's other coordinators share the machine with this storm.
      usleep(10_000)
    }
    return nil
  }

  /// The user's connection, made again if the coordinator died; waits for a restarted one.
  private func connected(_ client: inout ControlClient?) throws -> ControlClient {
    if let client { return client }
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
      if let made = try? ControlClient(runDirectory: runDirectory) {
        client = made
        return made
      }
      guard ContinuousClock.now < deadline, !isStopped else { throw TimedOut(what: "a coordinator to connect to") }
      usleep(5_000)
    }
  }
}
