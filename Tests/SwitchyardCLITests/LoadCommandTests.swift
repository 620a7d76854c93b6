import Foundation
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// `switchyard load` run as a process against real coordinators and workers.
@Suite(.serialized, .onAThreadOfItsOwn)
struct LoadCommandTests {
  @Test func twoSecondsOfProbeLoadLoseNoEffect() async throws {
    try await withRunningCoordinator(pools: "probe=2") { runDirectory in
      let result = try await switchyard(
        "load", "--scenario", "probe", "--users", "4", "--duration", "2", "--run-dir", runDirectory, within: 30
      )
      #expect(result.status == 0, "\(result.errorOutput)")
      let lines = result.output.split(separator: "\n").map(String.init)
      #expect(lines.contains { $0.hasPrefix("probe: 4 users for 2.") }, "\(result.output)")
      let effects = try #require(lines.first { $0.hasPrefix("probe ") && $0.hasSuffix(" 0") && $0.split(separator: " ").count == 6 })
      let counts = effects.split(separator: " ").dropFirst().map { Int($0.replacing(",", with: "")) }
      // Started, completed, failed, cancelled, lost: every effect completed.
      #expect(counts.count == 5 && counts[0] == counts[1] && (counts[0] ?? 0) > 0 && counts[2] == 0 && counts[4] == 0)
      #expect(lines.contains("errors: none"))
      #expect(lines.last == "lost effects: 0")
      // Not a terminal: plain progress lines, no bar.
      // The line's time is when the progress timer fired, late by however busy the machine is.
      #expect(result.errorOutput.contains(#/probe: \d+\.\ds  \d+ actions  \d+\/s  0 errors/#))
      #expect(!result.errorOutput.contains("█"))
    }
  }

  @Test func jsonIsTheWholeReportOnStandardOutputAndNothingElse() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let result = try await switchyard(
        "load", "--scenario", "cpu", "--users", "2", "--duration", "0.5", "--json", "--run-dir", runDirectory, within: 30
      )
      #expect(result.status == 0, "\(result.errorOutput)")
      let report = try WireJSONDecoder().parse(Array(result.output.utf8))
      #expect(report[dottedPath: "format"] == 1)
      #expect(report[dottedPath: "cores"] == .int(Int64(ProcessInfo.processInfo.activeProcessorCount)))
      #expect(report[dottedPath: "lostEffects"] == 0)
      #expect(report[dottedPath: "runs.0.scenario"] == "cpu")
      let completed = try #require(report[dottedPath: "runs.0.effects.probe.completed"]?.int64Value)
      #expect(completed > 0 && report[dottedPath: "runs.0.roundTrips.probe.count"] == .int(completed))
      #expect(report[dottedPath: "sweep"] == [])
    }
  }

  /// A ten-minute probe load of two users against a coordinator of its own, once under way.
  private func withLoadUnderWay(_ body: @MainActor (_ load: TestProcess, _ runDirectory: String) async throws -> Void) async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let load = try TestProcess(["load", "--scenario", "probe", "--users", "2", "--duration", "600", "--json", "--run-dir", runDirectory])
      defer { load.stop() }
      try await eventually("the load under way", within: 30) {
        (try? ControlClient(runDirectory: runDirectory).status()?.coordinator.actionsTotal) ?? 0 >= 20
      }
      try await body(load, runDirectory)
    }
  }

  @Test func aSignalStopsTheUsersAndTheReportCoversTheTimeTheyRan() async throws {
    try await withLoadUnderWay { load, _ in
      kill(load.pid, SIGINT)
      #expect(try await load.exitStatus(within: 30) == 0, "\(load.errorOutput)")
      #expect(load.errorOutput.contains("load: SIGINT: the users take no more steps"))
      let report = try WireJSONDecoder().parse(Array(load.output.utf8))
      #expect(report[dottedPath: "runs.0.stoppedEarly"] == true)
      let seconds = try #require(report[dottedPath: "runs.0.seconds"]?.doubleValue)
      #expect(seconds > 0 && seconds < 600)
      #expect((report[dottedPath: "runs.0.actionsSent"]?.int64Value ?? 0) > 0)
      // The pools drained: what the users started before the signal ended.
      #expect(report[dottedPath: "lostEffects"] == 0)
    }
  }

  @Test func aSecondSignalStopsAtOnceWithoutAReport() async throws {
    try await withLoadUnderWay { load, runDirectory in
      // A coordinator that answers nothing keeps the users' last steps waiting after the first signal.
      let coordinator = try #require(try ControlClient(runDirectory: runDirectory).status()).coordinator.pid
      kill(coordinator, SIGSTOP)
      defer { kill(coordinator, SIGCONT) }
      kill(load.pid, SIGINT)
      try await load.waitForErrorOutput("the first signal's notice", within: 30) { $0.contains("the users take no more steps") }
      #expect(load.isRunning, "the load ended before the second signal: \(load.errorOutput)")
      kill(load.pid, SIGINT)
      #expect(try await load.exitStatus(within: 30) == 128 + SIGINT)
      #expect(load.errorOutput.contains("load: SIGINT again: stopping now, without a report"))
      #expect(load.output.isEmpty, "a report after the second signal: \(load.output)")
    }
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func onATerminalProgressIsABarRedrawnInPlace() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let command = "\(switchyardExecutable) load --scenario probe --users 2 --duration 0.5 --run-dir \(runDirectory)"
      let terminal = try TestProcess(["-qec", command, "/dev/null"], environment: ["NO_COLOR": "1"], executable: "/usr/bin/script")
      defer { terminal.stop() }
      #expect(try await terminal.exitStatus(within: 20) == 0)
      #expect(terminal.output.contains("\r\u{1B}[Kprobe ["))
      #expect(terminal.output.contains("█"))
      #expect(!terminal.output.contains("probe: 0."), "no plain progress lines on a terminal")
      #expect(terminal.output.contains("lost effects: 0"))
    }
  }

  @Test func aSweepOfSomeoneElsesCoordinatorPutsThePoolBack() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let result = try await switchyard(
        "load", "--scenario", "probe", "--users", "1", "--duration", "0.3", "--sweep", "probe=2",
        "--run-dir", runDirectory, within: 30
      )
      #expect(result.status == 0, "\(result.errorOutput)")
      #expect(result.output.contains("probe: 1 users for 0.3 s, pools probe=2\n"))
      let status = try await switchyard("status", "--json", "--run-dir", runDirectory)
      let report = try WireJSONDecoder().decode(StatusReport.self, from: Array(status.output.utf8))
      #expect(report.pools.first?.target == 1)
    }
  }

  @Test func aSweepSpawnsItsOwnCoordinatorAndWritesTheHTMLReport() async throws {
    let reportPath = NSTemporaryDirectory() + "sy-cli-\(getpid())-report.html"
    defer { try? FileManager.default.removeItem(atPath: reportPath) }
    let result = try await switchyard(
      "load", "--scenario", "probe", "--spawn", "--users", "2", "--duration", "0.5", "--sweep", "probe=1,2",
      "--report", reportPath, within: 40
    )
    #expect(result.status == 0, "\(result.errorOutput)")
    #expect(result.output.contains("PROBE WORKERS  ACTIONS/S  ROUND TRIPS/S"))
    let rows = result.output.split(separator: "\n").filter { $0.hasPrefix("            1 ") || $0.hasPrefix("            2 ") }
    #expect(rows.count == 2)
    #expect(result.output.hasSuffix("lost effects: 0\n"))
    let html = try String(contentsOfFile: reportPath, encoding: .utf8)
    #expect(html.contains("Scaling the probe pool"))
    #expect(html.contains("Measured on a machine with \(ProcessInfo.processInfo.activeProcessorCount) cores."))
    // Throughput and p99 against size, and for each of the two runs throughput and p95 over time and a histogram.
    #expect(html.components(separatedBy: "<svg ").count - 1 == 8)
    #expect(html.contains("Throughput over time") && html.contains("seconds since the start"))
    // The spawned coordinator is gone, and its temporary run directory with it.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
      .filter { $0.hasPrefix("switchyard-load-") }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }

  @Test func aCoordinatorSpawnedByLoadDoesNotOutliveLoadKilledWithSIGKILL() async throws {
    let load = try TestProcess(["load", "--scenario", "probe", "--spawn", "--users", "1", "--duration", "60"])
    defer { load.stop() }
    try await load.waitForErrorOutput("the spawned coordinator", within: 30) { $0.contains(" serving ") }
    let line = try #require(load.errorOutput.split(separator: "\n").first { $0.hasPrefix("load: coordinator ") })
    let words = line.split(separator: " ")
    let coordinator = try #require(Int32(words[2]))
    let runDirectory = String(words[4])
    let workers = try ControlClient(runDirectory: runDirectory).workerPIDs()
    defer {
      for pid in [coordinator] + workers where isAlive(pid) { kill(pid, SIGKILL) }
      try? FileManager.default.removeItem(atPath: (runDirectory as NSString).deletingLastPathComponent)
    }
    #expect(!workers.isEmpty)

    kill(load.pid, SIGKILL)
    let deadline = ContinuousClock.now + .seconds(30)
    while ([coordinator] + workers).contains(where: isAlive), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(!isAlive(coordinator), "the coordinator outlived the load that started it")
    #expect(!workers.contains(where: isAlive), "a worker outlived its coordinator")
  }
}

/// Whether `pid` is a process that has not exited; an exited one nobody has reaped yet (a zombie)
/// counts as gone.
private func isAlive(_ pid: Int32) -> Bool {
  guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
  // The state follows the parenthesised command name: "1234 (switchyard) S …".
  guard let close = stat.lastIndex(of: ")") else { return true }
  return !stat[close...].dropFirst(2).hasPrefix("Z")
}

extension ControlClient {
  /// The pids of the coordinator's workers.
  func workerPIDs() throws -> [Int32] {
    guard case let .statusReport(_, report) = try request(.status(id: 2)) else { return [] }
    return report.workers.map(\.pid)
  }
}

/// Issue 38: `load` reports as k6 does — run metadata, a per-second series, thresholds that set
/// the exit status, a ramp-up, and the series as CSV and NDJSON — against a real demo coordinator.
@Suite(.serialized, .onAThreadOfItsOwn)
struct LoadLikeK6Tests {
  @Test func aBreachedThresholdExits99AndTheSeriesReachesEveryFormat() async throws {
    let files = uniqueTemporaryPath("load-series")
    defer {
      for suffix in [".csv", ".ndjson"] { try? FileManager.default.removeItem(atPath: files + suffix) }
    }
    let result = try await switchyard(
      "load", "--spawn", "--scenario", "demo", "--users", "2", "--duration", "3", "--ramp", "1s",
      "--threshold", "p95<60s", "--threshold", "search.p99<1us", "--report", files + ".csv", "--report", files + ".ndjson",
      "--json", within: 90
    )
    #expect(result.status == 99, "\(result.errorOutput)")
    let report = try WireJSONDecoder().parse(Array(result.output.utf8))
    #expect(report[dottedPath: "metadata.host"]?.stringValue == ProcessInfo.processInfo.hostName)
    #expect(report[dottedPath: "metadata.startedAt"]?.stringValue?.hasSuffix("Z") == true)
    #expect(report[dottedPath: "metadata.tool"]?.stringValue?.hasPrefix("switchyard ") == true)
    #expect(report[dottedPath: "metadata.options"]?.arrayValue?.contains("--ramp") == true)
    #expect(report[dottedPath: "runs.0.build"]?.stringValue?.isEmpty == false)
    #expect(report[dottedPath: "thresholds.0.threshold"] == "p95<60s")
    #expect(report[dottedPath: "thresholds.0.passed"] == true)
    #expect(report[dottedPath: "thresholds.1.passed"] == false)
    #expect((report[dottedPath: "thresholds.1.observed.search"]?.doubleValue ?? 0) > 1)

    let series = try #require(report[dottedPath: "runs.0.series"]?.arrayValue)
    #expect(series.count >= 3, "a second per row over a 3 s run: \(series)")
    #expect(series.map { $0[dottedPath: "second"]?.int64Value } == (0..<Int64(series.count)).map { $0 })
    let sent = series.compactMap { $0[dottedPath: "sent"]?.int64Value }.reduce(0, +)
    #expect(sent == report[dottedPath: "runs.0.actionsSent"]?.int64Value)
    #expect(series.contains { ($0[dottedPath: "acked"]?.int64Value ?? 0) > 0 && ($0[dottedPath: "p95Micros"]?.int64Value ?? 0) > 0 })

    let csv = try String(contentsOfFile: files + ".csv", encoding: .utf8).split(separator: "\n")
    #expect(csv.first == "run,second,sent,acked,errors,p50_ms,p95_ms,p99_ms")
    #expect(csv.count == series.count + 1 && csv.dropFirst().allSatisfy { $0.hasPrefix("demo,") })
    let ndjson = try String(contentsOfFile: files + ".ndjson", encoding: .utf8).split(separator: "\n")
    #expect(try ndjson.map { try WireJSONDecoder().parse(Array($0.utf8))[dottedPath: "sent"]?.int64Value ?? 0 }.reduce(0, +) == sent)
  }

  @Test func theTextReportNamesTheRunAndItsUnitsAndPassesItsThresholds() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let result = try await switchyard(
        "load", "--scenario", "probe", "--users", "2", "--duration", "2", "--threshold", "probe.p99<60s", "--threshold", "errors<1",
        "--run-dir", runDirectory, within: 40
      )
      #expect(result.status == 0, "\(result.errorOutput)")
      let lines = result.output.split(separator: "\n").map(String.init)
      #expect(lines.first?.hasPrefix("run            started ") == true && lines.first?.contains(" by switchyard ") == true, "\(result.output)")
      #expect(lines.contains { $0.hasPrefix("build          ") })
      #expect(lines.contains("options        --duration 2 --run-dir \(runDirectory) --scenario probe --threshold probe.p99<60s --threshold errors<1 --users 2"))
      #expect(lines.contains { $0.hasPrefix("SECOND (s)  SENT (/s)  ACKED (/s)  P50 (ms)  P95 (ms)  P99 (ms)  ERRORS (/s)") })
      #expect(lines.contains { $0.hasPrefix("  ✓ probe.p99<60s ") && $0.contains("probe ") })
      #expect(lines.contains { $0.hasPrefix("  ✓ errors<1 ") })
      #expect(lines.last == "lost effects: 0")
    }
  }
}
