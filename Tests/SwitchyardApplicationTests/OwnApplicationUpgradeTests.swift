import Foundation
import SwitchyardApplication
import SwitchyardTestSupport
import Testing

/// The documents application upgraded as a team would: built as version 1, as version 2 (a new
/// field that is not optional, a renamed case, their migration: `Tests/Fixtures/OwnAppV2` over
/// the fixture), and as version 1 with a changed reducer, or one that starts another job; each run
/// on the others' data directories.
///
/// In ``OwnApplicationTests``' serialized suite: both build the same fixture copy.
extension OwnApplicationTests {
  @Test(.timeLimit(.minutes(20)))
  func versionTwoRecoversVersionOnesDataAndAChangedReducerIsRefusedUntilAccepted() async throws {
    let fixture = try OwnAppFixture.prepare()
    let binaries = uniqueTemporaryPath("own-upgrade")
    try FileManager.default.createDirectory(atPath: binaries, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: binaries) }
    let v1 = try await fixture.build(as: binaries + "/documents-v1")
    try fixture.overlay(OwnAppFixture.repository + "/Tests/Fixtures/OwnAppV2")
    let v2 = try await fixture.build(as: binaries + "/documents-v2")
    _ = try OwnAppFixture.prepare()
    try fixture.patch("Sources/DocumentsFeature/Documents.swift", "state.documents[id]?.words = words", "state.documents[id]?.words = words + 100")
    let changed = try await fixture.build(as: binaries + "/documents-changed")
    _ = try OwnAppFixture.prepare()
    try fixture.patch(
      "Sources/DocumentsFeature/Documents.swift", "HeadlineJob(text: document.text, words: words)",
      "HeadlineJob(text: document.text, words: words + 1)"
    )
    let otherJob = try await fixture.build(as: binaries + "/documents-other-job")

    // Version 1 serves a document and stops in order: version 2 starts from its snapshot, migrated.
    let upgraded = "/tmp/sy-upg-\(getpid())-\(UUID().uuidString.prefix(6))"
    defer { try? FileManager.default.removeItem(atPath: upgraded) }
    var first = try await Served(v1, runDirectory: upgraded)
    try await first.submit("a", "Hello from version one")
    #expect(try await first.stop() == 0, "\(first.process.errorOutput)")
    var second = try await Served(v2, runDirectory: upgraded)
    let document = try await second.document("a")
    #expect(document[dottedPath: "words"] == 4)
    #expect(document[dottedPath: "tags"] == [])
    #expect(document[dottedPath: "headline"] == "HELLO FROM VERSION ONE (4 words)")
    #expect(!second.process.errorOutput.contains("replayed") || second.process.errorOutput.contains("plus 0 replayed"), "\(second.process.errorOutput)")
    // Version 1's records read through the migration: its `counted` is version 2's `wordsCounted`.
    let history = try await runToExit(["history", "--from", "1", "--run-dir", upgraded], executable: v2)
    #expect(history.status == 0 && history.output.contains("wordsCounted"), "\(history.output)\(history.errorOutput)")
    #expect(try await second.stop() == 0, "\(second.process.errorOutput)")
    let verified = try await runToExit(["verify", "--run-dir", upgraded], executable: v2)
    #expect(verified.status == 0 && verified.output.hasPrefix("verified"), "\(verified.output)\(verified.errorOutput)")
    let refused = try await runToExit(["start", "--run-dir", upgraded], executable: v1)
    #expect(refused.status == 78 && refused.errorOutput.contains("version 2"), "\(refused.errorOutput)")

    // Version 1 is killed; the changed reducer would replay its actions into another state.
    let crashed = "/tmp/sy-upg-\(getpid())-\(UUID().uuidString.prefix(6))"
    defer { try? FileManager.default.removeItem(atPath: crashed) }
    let third = try await Served(v1, runDirectory: crashed)
    try await third.submit("a", "Three little words")
    third.kill()
    let diverged = try await runToExit(["start", "--run-dir", crashed], executable: changed, within: 60)
    #expect(diverged.status == 78, "\(diverged.errorOutput)")
    #expect(diverged.errorOutput.contains("(counted)") && diverged.errorOutput.contains("--accept-divergence"), "\(diverged.errorOutput)")
    #expect(diverged.errorOutput.contains("+       words: Optional(103)"), "the diff shows the new state: \(diverged.errorOutput)")
    let verifyChanged = try await runToExit(["verify", "--json", "--run-dir", crashed], executable: changed)
    #expect(verifyChanged.status == 1 && verifyChanged.output.contains(#""passed":false"#), "\(verifyChanged.output)")
    let verifyOwn = try await runToExit(["verify", "--run-dir", crashed], executable: v1)
    #expect(verifyOwn.status == 0, "\(verifyOwn.output)\(verifyOwn.errorOutput)")
    #expect(try await runToExit(["start", "--help"], executable: changed).output.contains("--accept-divergence"))
    var accepted = try await Served(changed, runDirectory: crashed, "--accept-divergence")
    #expect(try await accepted.document("a")[dottedPath: "words"] == 103)
    #expect(try await accepted.stop() == 0, "\(accepted.process.errorOutput)")
    // What the start accepted, verify passes, naming the record that accepted it.
    let verifyAccepted = try await runToExit(["verify", "--run-dir", crashed], executable: changed)
    #expect(
      verifyAccepted.status == 0 && verifyAccepted.output.contains("accepted: state of record ")
        && verifyAccepted.output.contains(", accepted by record "),
      "\(verifyAccepted.output)\(verifyAccepted.errorOutput)"
    )
    let verifyAcceptedJSON = try await runToExit(["verify", "--json", "--run-dir", crashed], executable: changed)
    #expect(
      verifyAcceptedJSON.output.contains(#""passed":true"#) && verifyAcceptedJSON.output.contains(#""acceptedBy":{"build":1,"sequence":"#),
      "\(verifyAcceptedJSON.output)"
    )

    // Version 1 is killed again; a reducer that asks for another headline job, though it reaches
    // the same state, is refused at the action that returned it, then accepted, which history shows.
    let otherEffects = "/tmp/sy-upg-\(getpid())-\(UUID().uuidString.prefix(6))"
    defer { try? FileManager.default.removeItem(atPath: otherEffects) }
    let fourth = try await Served(v1, runDirectory: otherEffects)
    try await fourth.submit("a", "Three little words")
    fourth.kill()
    let refusedJob = try await runToExit(["start", "--run-dir", otherEffects], executable: otherJob, within: 60)
    #expect(refusedJob.status == 78, "\(refusedJob.errorOutput)")
    #expect(refusedJob.errorOutput.contains("(counted)") && refusedJob.errorOutput.contains("other effects"), "\(refusedJob.errorOutput)")
    #expect(
      refusedJob.errorOutput.contains("[0]: .remote(") && refusedJob.errorOutput.contains(#"pool: "headline""#)
        && refusedJob.errorOutput.contains("-     job: ") && refusedJob.errorOutput.contains("+     job: "),
      "the diff shows the jobs: \(refusedJob.errorOutput)"
    )
    let verifyJob = try await runToExit(["verify", "--json", "--run-dir", otherEffects], executable: otherJob)
    #expect(verifyJob.status == 1 && verifyJob.output.contains(#""kind":"effects""#), "\(verifyJob.output)")
    #expect(try await runToExit(["verify", "--run-dir", otherEffects], executable: v1).status == 0)
    var acceptedJob = try await Served(otherJob, runDirectory: otherEffects, "--accept-divergence")
    #expect(try await acceptedJob.document("a")[dottedPath: "words"] == 3)
    #expect(try await acceptedJob.stop() == 0, "\(acceptedJob.process.errorOutput)")
    let acceptance = try await runToExit(["history", "--from", "1", "--run-dir", otherEffects], executable: otherJob)
    #expect(acceptance.output.contains("divergenceAccepted") && acceptance.output.contains("accepted 1 divergence"), "\(acceptance.output)")
    let acceptanceJSON = try await runToExit(["history", "--json", "--from", "1", "--run-dir", otherEffects], executable: otherJob)
    #expect(acceptanceJSON.output.contains(#""divergenceAccepted":"accepted 1 divergence"#), "\(acceptanceJSON.output)")

    // The crash's stretch of history, exported as a test of version 1's feature: it passes, and
    // fails naming the record once the reducer changes.
    let exported = binaries + "/exported"
    let export = try await runToExit(["history", "--export-test", "1..3", exported, "--run-dir", crashed], executable: v1)
    #expect(export.status == 0, "\(export.errorOutput)")
    _ = try OwnAppFixture.prepare()
    try fixture.overlay(exported, into: "Tests/DocumentsFeatureTests")
    let passing = try await fixture.test()
    #expect(passing.status == 0 && passing.output.contains("journalRecords1Through3"), "\(passing.output)\(passing.errorOutput)")
    try fixture.patch("Sources/DocumentsFeature/Documents.swift", "state.documents[id]?.words = words", "state.documents[id]?.words = words + 100")
    let failing = try await fixture.test()
    #expect(failing.status != 0 && failing.output.contains("Record 2 (counted)"), "\(failing.output)\(failing.errorOutput)")
  }
}

/// A coordinator of a built fixture, serving on its own run directory, with its workers.
@MainActor
private struct Served {
  let executable: String
  let runDirectory: String
  let process: TestProcess
  private(set) var workers: [Int32] = []

  init(_ executable: String, runDirectory: String, _ extra: String...) async throws {
    self.executable = executable
    self.runDirectory = runDirectory
    process = try TestProcess(["start", "--run-dir", runDirectory, "--grace-ms", "500"] + extra, executable: executable)
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline, process.isRunning {
      let status = try await runToExit(["status", "--json", "--run-dir", runDirectory], executable: executable)
      if status.status == 0, let report = try? WireJSONDecoder().decode(StatusReport.self, from: Array(status.output.utf8)),
        report.workers.filter({ $0.state == "ready" }).count == 3
      {
        workers = report.workers.map(\.pid)
        return
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    process.stop()
    throw TimedOut(what: "\(executable) serving: \(process.errorOutput)")
  }

  func submit(_ id: String, _ text: String) async throws {
    let sent = try await runToExit(
      ["send", #"{"submitted":{"id":"\#(id)","text":"\#(text)"}}"#, "--run-dir", runDirectory], executable: executable
    )
    #expect(sent.status == 0, "\(sent.errorOutput)")
    _ = try await document(id)
  }

  /// The document `id` once it has its headline.
  func document(_ id: String) async throws -> JSONValue {
    let deadline = ContinuousClock.now + .seconds(30)
    var document = JSONValue.null
    while (document[dottedPath: "headline"] ?? .null) == .null {
      guard ContinuousClock.now < deadline else { throw TimedOut(what: "document \(id) headlined: \(process.errorOutput)") }
      let state = try await runToExit(["status", "--state", "documents.\(id)", "--run-dir", runDirectory], executable: executable)
      if state.status == 0 { document = try WireJSONDecoder().parse(Array(state.output.utf8)) }
      try await Task.sleep(for: .milliseconds(50))
    }
    return document
  }

  /// SIGTERM, and the exit status.
  mutating func stop() async throws -> Int32 {
    Glibc.kill(process.pid, SIGTERM)
    defer { killWorkers() }
    return try await process.exitStatus(within: 20)
  }

  /// SIGKILL, as a crash.
  func kill() {
    Glibc.kill(process.pid, SIGKILL)
    killWorkers()
    process.stop()
  }

  private func killWorkers() {
    for worker in workers { Glibc.kill(worker, SIGKILL) }
  }
}
