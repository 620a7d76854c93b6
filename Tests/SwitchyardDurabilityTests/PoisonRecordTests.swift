#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardDiagnostics
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardDurability
@testable import SwitchyardRuntime

/// A coordinator that dies reducing an action comes back (issue 32, item 2): live, the action was
/// never journaled and a restart serves what was; in replay, the record it dies on is named by the
/// next start, which refuses it until `--skip-record` leaves it out, with the rest of the state.
@Suite(.serialized, .onAThreadOfItsOwn)
struct PoisonRecordTests {
  static let arguments = ["--pools", "probe=1", "--fsync", "always"]
  static let variable = "SWITCHYARD_TEST_TRAP"
  static let trapping = [variable: "1"]
  static let trap: JSONValue = .object(["trap": .object(["whenSet": .string(variable)])])

  static func start(_ name: String) -> JSONValue {
    .object(["start": .object(["name": .string(name), "job": .object(["tag": .string(name), "outputs": 0]), "cancelInFlight": false])])
  }

  @Test func anActionThatKillsTheLiveCoordinatorIsNamedAndTheRestartServesTheRest() async throws {
    let first = try CoordinatorChild(arguments: Self.arguments, environment: Self.trapping)
    defer { first.cleanUp() }
    try await withTimeout(120, "a live trap and a restart") {
      let client = try await first.connect()
      #expect(try client.request(.send(id: 1, action: Self.start("a"))) == .sent(id: 1, sequence: 1))
      _ = try? client.request(.send(id: 2, action: Self.trap))
      #expect(await first.waitForExit(within: 30) == SIGILL, "\(first.log)")
      let poison = try #require(PoisonRecord.read(directory: first.runDirectory + "/data"), "no poison file; log:\n\(first.log)")
      #expect(poison.signal == SIGILL)
      #expect(poison.moment == .live)

      let restarted = try CoordinatorChild(arguments: Self.arguments, runDirectory: first.runDirectory, environment: Self.trapping)
      defer { restarted.cleanUp() }
      let again = try await restarted.connect()
      #expect(try Self.runNames(again) == ["a"])
      #expect(restarted.log.contains("died of SIGILL reducing action \(poison.sequence), which was never journaled"), "\(restarted.log)")
      // The number it would have had, after every record journaled; run a's end, numbered just
      // before it, may not have reached the disk when it died: only the acknowledged send must.
      let recovered = try #require(Self.recoveredRecords(in: restarted.log), "\(restarted.log)")
      #expect((1..<poison.sequence).contains(recovered), "recovered \(recovered) records; poison \(poison.sequence)")
      #expect(PoisonRecord.read(directory: first.runDirectory + "/data") == nil)
      #expect(await restarted.terminate() == 0)
    }
  }

  @Test func anEffectsOutputThatKillsTheCoordinatorIsNotDeliveredAgainAfterTheRestart() async throws {
    let first = try CoordinatorChild(arguments: Self.arguments, environment: Self.trapping)
    defer { first.cleanUp() }
    try await withTimeout(120, "an output that traps, and two restarts") {
      let client = try await first.connect()
      #expect(try client.request(.send(id: 1, action: Self.start("a"))) == .sent(id: 1, sequence: 1))
      // Journaled and answered before its output comes, 300 ms later, and kills the coordinator.
      let job: JSONValue = .object(["tag": .string(ProbeFeature.trapTagPrefix + Self.variable), "outputs": 1, "intervalMillis": 300])
      let start: JSONValue = .object(["start": .object(["name": "t", "job": job, "cancelInFlight": false])])
      // Numbered after run a's outputs, however many have arrived.
      let reply = try client.request(.send(id: 2, action: start))
      #expect({ if case .sent(id: 2, sequence: (2...)?) = reply { true } else { false } }(), "\(reply)")
      #expect(await first.waitForExit(within: 30) == SIGILL, "\(first.log)")
      let poison = try #require(PoisonRecord.read(directory: first.runDirectory + "/data"), "no poison file; log:\n\(first.log)")
      let effect = try #require(poison.effect, "the poison names no effect: \(poison)")
      let poisonLine = try String(contentsOfFile: first.runDirectory + "/data/poison", encoding: .utf8)

      // Started again, the probe job would deliver the same output, and the coordinator die again.
      let restarted = try CoordinatorChild(arguments: Self.arguments, runDirectory: first.runDirectory, environment: Self.trapping)
      defer { restarted.cleanUp() }
      let again = try await restarted.connect()
      // Written once the effects in flight have been started again, or not.
      try await eventually("the coordinator to say it serves") { restarted.log.contains("serving") }
      #expect(restarted.log.contains("an event of remote effect \(effect), which is not started again"), "\(restarted.log)")
      #expect(!restarted.log.contains("remote effects were in flight"), "\(restarted.log)")
      #expect(try Self.runNames(again) == ["a", "t"])
      // Emptied once the effect's end is on disk; the end took the number the poison names.
      try await eventually("the poison file emptied") { PoisonRecord.read(directory: first.runDirectory + "/data") == nil }
      restarted.crash()
      // As if the restart had died before emptying it: the record now holding that number is not
      // the action that died.
      try poisonLine.write(toFile: first.runDirectory + "/data/poison", atomically: true, encoding: .utf8)

      // Its end was journaled: a later start does not make it again, nor journal its end twice.
      let later = try CoordinatorChild(arguments: Self.arguments, runDirectory: first.runDirectory, environment: Self.trapping)
      defer { later.cleanUp() }
      #expect(try Self.runNames(try await later.connect()) == ["a", "t"])
      #expect(!later.log.contains("remote effects were in flight"), "\(later.log)")
      #expect(!later.log.contains("which is not started again"), "\(later.log)")
      #expect(await later.terminate() == 0)
    }
  }

  @Test func aRecordThatKillsReplayIsRefusedByNameUntilSkippedAndTheRestRecovers() async throws {
    let first = try CoordinatorChild(arguments: Self.arguments)
    defer { first.cleanUp() }
    let data = first.runDirectory + "/data"
    try await withTimeout(120, "a trap in replay, the refusal and the skip") {
      // Journaled by a build that does not trap on it; the next one does, in replay.
      let client = try await first.connect()
      #expect(try client.request(.send(id: 1, action: Self.start("a"))) == .sent(id: 1, sequence: 1))
      // Run "a" ends at once, and its end may take the next number: the sends' numbers are not fixed.
      for (id, action) in [(UInt64(2), Self.trap), (3, Self.start("b"))] {
        let reply = try client.request(.send(id: id, action: action))
        guard case .sent(id, _) = reply else {
          Issue.record("send \(id) was answered \(reply)")
          return
        }
      }
      first.crash()

      let dying = try CoordinatorChild(arguments: Self.arguments, runDirectory: first.runDirectory, environment: Self.trapping)
      defer { dying.cleanUp() }
      #expect(await dying.waitForExit(within: 30) == SIGILL, "\(dying.log)")
      let poison = try #require(PoisonRecord.read(directory: data), "no poison file; log:\n\(dying.log)")
      #expect(poison.moment == .replay)

      let refusing = try CoordinatorChild(arguments: Self.arguments, runDirectory: first.runDirectory, environment: Self.trapping)
      defer { refusing.cleanUp() }
      #expect(await refusing.waitForExit(within: 30) == 78, "\(refusing.log)")
      #expect(refusing.log.contains("died of SIGILL reducing journal record \(poison.sequence) (trap.whenSet)"), "\(refusing.log)")
      #expect(refusing.log.contains("--skip-record \(poison.sequence)"), "\(refusing.log)")

      let skipping = try CoordinatorChild(
        arguments: Self.arguments + ["--skip-record", "\(poison.sequence)"], runDirectory: first.runDirectory, environment: Self.trapping
      )
      defer { skipping.cleanUp() }
      let recovered = try await skipping.connect()
      #expect(try Self.runNames(recovered) == ["a", "b"])
      #expect(skipping.log.contains("skipped journal record \(poison.sequence) (trap.whenSet)"), "\(skipping.log)")
      // Crashed, not stopped: no last snapshot, yet the skip holds without the flag.
      skipping.crash()

      let later = try CoordinatorChild(arguments: Self.arguments, runDirectory: first.runDirectory, environment: Self.trapping)
      defer { later.cleanUp() }
      #expect(try Self.runNames(try await later.connect()) == ["a", "b"])
      #expect(await later.terminate() == 0)
      // `history` replays the same journal from its oldest snapshot, and leaves the record out too.
      let history = try await runToExit(["history", "--data-dir", data], environment: Self.trapping)
      #expect(history.status == 0, "\(history.errorOutput)")
    }
  }

  /// How many journal records the coordinator whose log is `log` said it recovered.
  static func recoveredRecords(in log: String) -> UInt64? {
    guard let range = log.range(of: "recovered ") else { return nil }
    return UInt64(log[range.upperBound...].prefix { $0.isNumber })
  }

  /// The names of the probe runs in the state.
  static func runNames(_ client: ControlClient) throws -> [String] {
    guard case let .stateSlice(_, _, value) = try client.request(.state(id: 9, path: "runs")), case let .object(runs) = value else {
      throw TimedOut(what: "the probe's runs")
    }
    return runs.keys.sorted()
  }
}
