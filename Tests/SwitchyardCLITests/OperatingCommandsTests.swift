import Foundation
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// Issue 38's command-line habits, run as processes against a real coordinator and its workers:
/// honest pool health, a pool no handler serves refused at start, `send`'s journal sequence, and
/// `status --follow` printing only what changed.
@MainActor
@Suite(.serialized, .onAThreadOfItsOwn)
struct OperatingCommandsTests {
  static let start = #"{"start":{"name":"a","job":{"tag":"t","outputs":3},"cancelInFlight":false}}"#

  @Test func aPoolScaledToNoWorkersWithJobsQueuedIsDegradedNotHealthy() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      #expect(try await switchyard("scale", "probe=0", "--run-dir", runDirectory).status == 0)
      let idle = try await pool("probe", runDirectory) { $0[dottedPath: "size"] == 0 }
      #expect(idle[dottedPath: "health"] == "healthy", "no worker wanted and none needed: \(idle)")

      #expect(try await switchyard("send", Self.start, "--run-dir", runDirectory).status == 0)
      let stuck = try await pool("probe", runDirectory) { $0[dottedPath: "queued"] == 1 }
      #expect(stuck[dottedPath: "health"] == "degraded", "\(stuck)")
      let table = try await switchyard("status", "--run-dir", runDirectory, environment: ["NO_COLOR": "1"])
      #expect(table.output.split(separator: "\n").contains { $0.hasPrefix("probe ") && $0.hasSuffix("degraded") }, "\(table.output)")

      #expect(try await switchyard("scale", "probe=1", "--run-dir", runDirectory).status == 0)
      let served = try await pool("probe", runDirectory) { $0[dottedPath: "completed"] == 1 }
      #expect(served[dottedPath: "health"] == "healthy")
    }
  }

  @Test func aPoolNoHandlerServesIsRefusedAtStartInsteadOfRestartingForEver() async throws {
    let runDirectory = uniqueTemporaryPath("sy-nohandler")
    defer { try? FileManager.default.removeItem(atPath: runDirectory) }
    // A start that restarted the pool for ever would not exit within the bound; one that started a
    // worker for it would say so. (A check that it took under 10 s failed three times in loaded
    // full runs, the process's own start taking that long.)
    let result = try await switchyard("start", "--pools", "probe=1,nosuch=1", "--run-dir", runDirectory, within: 20)
    #expect(result.status == 1, "\(result.errorOutput)")
    #expect(result.errorOutput.contains("the 'nosuch' pool has no handler in this executable"), "\(result.errorOutput)")
    #expect(result.errorOutput.contains("Leave 'nosuch' out of --pools"))
    #expect(!result.errorOutput.contains("restart"), "no worker was started: \(result.errorOutput)")
  }

  @Test func sendPrintsTheJournalSequenceHistoryListsTheActionUnder() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let text = try await switchyard("send", Self.start, "--run-dir", runDirectory)
      let first = try #require(text.output.wholeMatch(of: #/sent: journal sequence (\d+)\n/#)?.1).description
      let json = try await switchyard("send", "--json", Self.start.replacing(#""a""#, with: #""b""#), "--run-dir", runDirectory)
      #expect(json.status == 0, "\(json.errorOutput)")
      let reply = try WireJSONDecoder().parse(Array(json.output.utf8))
      #expect(reply[dottedPath: "sent"] == true)
      let sequence = try #require(reply[dottedPath: "sequence"]?.int64Value)
      #expect(sequence > Int64(first)!)

      let history = try await switchyard("history", "--json", "--from", "\(sequence)", "--limit", "1", "--run-dir", runDirectory)
      #expect(history.status == 0, "\(history.errorOutput)")
      let entry = try WireJSONDecoder().parse(Array(history.output.split(separator: "\n").first.map { Array($0.utf8) } ?? []))
      #expect(entry[dottedPath: "sequence"] == .int(sequence))
      #expect(entry[dottedPath: "action"] == "start")
      #expect(entry[dottedPath: "changes.0"]?.stringValue?.hasPrefix("runs.b: added") == true, "\(history.output)")
    }
  }

  @Test func followPrintsTheSliceOnceThenOnlyTheEditsOfEachChange() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let follower = try TestProcess(["status", "--follow", "runs", "--run-dir", runDirectory])
      defer { follower.stop() }
      try await follower.waitForOutput("the current value") { $0 == "{}\n" }

      let five = #"{"start":{"name":"a","job":{"tag":"t","outputs":5,"intervalMillis":100},"cancelInFlight":false}}"#
      #expect(try await switchyard("send", five, "--run-dir", runDirectory).status == 0)
      try await follower.waitForOutput("the run to finish") { $0.contains(#""path":"a.outcome","value":"finished""#) }
      let edits = try follower.output.split(separator: "\n").dropFirst().map { try WireJSONDecoder().parse(Array($0.utf8)) }
      // The run appears once, whole; then its outputs arrive as appends, never the run again.
      #expect(edits.first?[dottedPath: "op"] == "add" && edits.first?[dottedPath: "path"] == "a", "\(follower.output)")
      let added = edits.first?[dottedPath: "value.outputs"]?.arrayValue ?? []
      let appended = edits.filter { $0[dottedPath: "path"] == "a.outputs" }
      #expect(appended.allSatisfy { $0[dottedPath: "op"] == "append" }, "\(follower.output)")
      #expect(added + appended.flatMap { $0[dottedPath: "values"]?.arrayValue ?? [] } == [0, 1, 2, 3, 4], "\(follower.output)")
      #expect(edits.dropFirst().allSatisfy { $0[dottedPath: "path"] != "a" && $0[dottedPath: "path"] != "" }, "\(follower.output)")
    }
  }

  /// The pool `kind` of `status --json` once `condition` holds, asked every 50 ms for 20 s.
  private func pool(_ kind: String, _ runDirectory: String, where condition: (JSONValue) -> Bool) async throws -> JSONValue {
    let deadline = ContinuousClock.now + .seconds(20)
    while true {
      let status = try await switchyard("status", "--json", "--run-dir", runDirectory)
      let report = try WireJSONDecoder().parse(Array(status.output.utf8))
      let pool = report[dottedPath: "pools"]?.arrayValue?.first { $0[dottedPath: "kind"]?.stringValue == kind }
      if let pool, condition(pool) { return pool }
      guard ContinuousClock.now < deadline else { throw TimedOut(what: "the \(kind) pool to match; last: \(status.output)") }
      try await Task.sleep(for: .milliseconds(50))
    }
  }
}
