import Foundation
import SwitchyardApplication
import SwitchyardTestSupport
import Testing

/// Switchyard used from outside: `Tests/Fixtures/OwnApp` is a separate package that depends on it
/// by path and uses only its public API. It is built, its own tests run, and its executable is
/// started with its two pools, sent an action, and asked for the result.
@MainActor
@Suite(.serialized)
struct OwnApplicationTests {
  @Test(.timeLimit(.minutes(15)))
  func aSeparatePackageBuildsTestsStartsAndServesItsOwnFeature() async throws {
    let fixture = try OwnAppFixture.prepare()
    // Compiles Switchyard again in the fixture's own scratch directory: minutes the first time, on
    // one job and at the lowest priority, so that the suites running beside it, whose exchanges
    // are timed, get the CPU first and the build takes what they leave.
    let build = try await OwnAppFixture.runSwift(
      ["nice", "-n", "19", "swift", "build", "--build-tests", "-j", "1", "--package-path", fixture.package], within: 720
    )
    try #require(build.status == 0, "the fixture did not build:\n\(build.output.suffix(6_000))\(build.errorOutput.suffix(2_000))")
    #expect(!build.output.contains("warning:"), "\(build.output)")

    let tests = try await OwnAppFixture.runSwift(["swift", "test", "--skip-build", "--package-path", fixture.package], within: 120)
    #expect(tests.status == 0, "the fixture's TestStore tests failed:\n\(tests.output)\(tests.errorOutput)")
    #expect((tests.output + tests.errorOutput).contains("2 tests"), "\(tests.output)")

    let documents = fixture.executable
    let runDirectory = "/tmp/sy-own-\(getpid())-\(UUID().uuidString.prefix(6))"
    defer { try? FileManager.default.removeItem(atPath: runDirectory) }
    let coordinator = try TestProcess(["start", "--run-dir", runDirectory, "--grace-ms", "500"], executable: documents)
    defer { coordinator.stop() }
    var workers: [WorkerStatus] = []
    defer { for worker in workers { kill(worker.pid, SIGKILL) } }

    let ready = ContinuousClock.now + .seconds(30)
    while true {
      let status = try await runToExit(["status", "--json", "--run-dir", runDirectory], executable: documents)
      if status.status == 0 {
        let report = try WireJSONDecoder().decode(StatusReport.self, from: Array(status.output.utf8))
        workers = report.workers
        if report.workers.filter({ $0.state == "ready" }).count == 3 { break }
      }
      guard coordinator.isRunning, ContinuousClock.now < ready else {
        Issue.record("the workers were not ready: \(coordinator.errorOutput)")
        return
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(Set(workers.map(\.kind)) == ["wordcount", "headline"])
    // Each worker is the application's own executable, started by its coordinator.
    let executable = URL(fileURLWithPath: documents).resolvingSymlinksInPath().path
    for worker in workers {
      #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(worker.pid)/exe")) == executable)
    }

    let sent = try await runToExit(
      ["send", #"{"submitted":{"id":"a","text":"Hello from outside\nand a second line"}}"#, "--run-dir", runDirectory],
      executable: documents
    )
    #expect(sent.status == 0 && sent.output.hasPrefix("sent: journal sequence "), "\(sent.errorOutput)")
    let answered = ContinuousClock.now + .seconds(20)
    var document = JSONValue.null
    while document[dottedPath: "headline"] == nil || document[dottedPath: "headline"] == .null {
      guard ContinuousClock.now < answered else { break }
      let state = try await runToExit(["status", "--state", "documents.a", "--run-dir", runDirectory], executable: documents)
      if state.status == 0 { document = try WireJSONDecoder().parse(Array(state.output.utf8)) }
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(document[dottedPath: "words"] == 7)
    #expect(document[dottedPath: "headline"] == "HELLO FROM OUTSIDE (7 words)")

    let help = try await runToExit(["--help"], executable: documents)
    #expect(help.output.contains("documents <command> [options]") && help.output.contains("  load "))
    // The runtime's diagnostics stay in `switchyard`: a user's executable has no raw pipe echo.
    let rawEcho = try await runToExit(["worker", "raw-echo"], executable: documents)
    #expect(rawEcho.status == 2 && rawEcho.errorOutput.contains("no handler for 'raw-echo'"), "\(rawEcho.errorOutput)")

    kill(coordinator.pid, SIGTERM)
    #expect(try await coordinator.exitStatus(within: 30) == 0, "\(coordinator.errorOutput)")
    for worker in workers {
      #expect(kill(worker.pid, 0) != 0, "worker \(worker.pid) outlived its coordinator")
    }
  }
}
