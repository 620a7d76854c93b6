import SwitchyardDiagnostics
import Foundation
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardCLI

/// The built `switchyard` run as a process against a real coordinator and its workers.
@MainActor
@Suite(.serialized, .onAThreadOfItsOwn)
struct CommandsAgainstACoordinatorTests {
  @Test func statusAsTableAndAsJSON() async throws {
    try await withRunningCoordinator(pools: "probe=2") { runDirectory in
      let table = try await switchyard("status", "--run-dir", runDirectory, environment: ["NO_COLOR": "1"])
      #expect(table.status == 0)
      let lines = table.output.split(separator: "\n")
      #expect(lines.first?.hasPrefix("coordinator  pid ") == true)
      #expect(lines.contains { $0.hasPrefix("POOL ") && $0.hasSuffix("HEALTH") })
      #expect(lines.contains { $0.hasPrefix("probe ") && $0.hasSuffix("healthy") })
      #expect(lines.filter { $0.contains(" probe  ready ") }.count == 2)
      #expect(!table.output.contains("\u{1B}["), "no colour when stdout is not a terminal")

      let json = try await switchyard("status", "--json", "--run-dir", runDirectory)
      #expect(json.status == 0)
      let report = try WireJSONDecoder().decode(StatusReport.self, from: Array(json.output.utf8))
      #expect(report.pools.map(\.kind) == ["probe"])
      #expect(report.pools.first?.size == 2)
      #expect(report.workers.count == 2)
      #expect(report.coordinator.runDir.hasSuffix(String(runDirectory.dropFirst("/tmp".count))))
    }
  }

  /// `script` runs the command on a pseudo-terminal, where colour is allowed unless NO_COLOR is set.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func statusIsColouredOnlyOnATerminalWithoutNoColor() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let command = "\(switchyardExecutable) status --run-dir \(runDirectory)"
      // An empty NO_COLOR counts as unset (no-color.org), whatever the test runner's own is.
      for (environment, isColored) in [(["NO_COLOR": ""], true), (["NO_COLOR": "1"], false)] {
        let terminal = try TestProcess(["-qec", command, "/dev/null"], environment: environment, executable: "/usr/bin/script")
        defer { terminal.stop() }
        #expect(try await terminal.exitStatus(within: 20) == 0)
        #expect(terminal.output.contains("\u{1B}[32mhealthy\u{1B}[0m") == isColored, "\(environment)")
        #expect(terminal.output.contains("healthy"))
      }
    }
  }

  @Test func watchRedrawsUntilStopped() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let watcher = try TestProcess(["status", "--watch", "0.05", "--run-dir", runDirectory])
      defer { watcher.stop() }
      // Not a terminal: each report is appended, not drawn over the last.
      try await watcher.waitForOutput("three reports") { $0.components(separatedBy: "coordinator  pid ").count > 3 }
      #expect(!watcher.output.contains("\u{1B}["))
      #expect(watcher.isRunning)
    }
  }

  @Test func followSeesTheChangeASendCauses() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let follower = try TestProcess(["status", "--follow", "runs.a.outcome", "--run-dir", runDirectory])
      defer { follower.stop() }
      try await follower.waitForOutput("the current value") { $0 == "null\n" }

      let start = #"{"start":{"name":"a","job":{"tag":"t","outputs":3},"cancelInFlight":false}}"#
      let sent = try await switchyard("send", start, "--run-dir", runDirectory)
      #expect(sent.status == 0)
      #expect(sent.output.wholeMatch(of: #/sent: journal sequence \d+\n/#) != nil, "\(sent.output)")
      try await follower.waitForOutput("the run to finish") { $0.hasSuffix("\"finished\"}\n") }
      #expect(
        follower.output
          == "null\n" + #"{"op":"replace","path":"","value":"running"}"# + "\n" + #"{"op":"replace","path":"","value":"finished"}"# + "\n"
      )

      let slice = try await switchyard("status", "--state", "runs.a.outputs", "--run-dir", runDirectory)
      #expect(slice.status == 0)
      #expect(try WireJSONDecoder().parse(Array(slice.output.utf8)) == [0, 1, 2])
      let missing = try await switchyard("status", "--state", "runs.b", "--run-dir", runDirectory)
      #expect(missing.status == 1)
      #expect(missing.errorOutput == "error: The state has nothing at 'runs.b'.\n")
    }
  }

  @Test func sendExplainsBadJSONAndUnknownActions() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let badJSON = try await switchyard("send", #"{"cancel":{"name":}}"#, "--run-dir", runDirectory)
      #expect(badJSON.status == 1)
      #expect(badJSON.errorOutput == """
        error: invalid JSON: unexpected character '}' (0x7D)
          {"cancel":{"name":}}
                            ^

        """)
      let unknown = try await switchyard("send", #"{"launch":{"name":"a"}}"#, "--run-dir", runDirectory)
      #expect(unknown.status == 1)
      #expect(unknown.errorOutput.hasPrefix("error: Not a SwitchyardDiagnostics.ProbeFeature.Action"))
      let wrongType = try await switchyard("send", #"{"cancel":{"name":5}}"#, "--run-dir", runDirectory)
      #expect(wrongType.status == 1)
      #expect(wrongType.errorOutput.contains("ProbeFeature.Action: cancel.name: expected String, found the number 5"), "the path starts at the action")
    }
  }

  @Test func scaleUpAndDownShowsInStatus() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let up = try await switchyard("scale", "probe=3", "--run-dir", runDirectory)
      #expect(up.status == 0)
      #expect(up.output == "POOL   WAS  NOW\nprobe    1    3\n")
      try await waitForPoolSize(3, runDirectory)
      let down = try await switchyard("scale", "probe=1", "--run-dir", runDirectory)
      #expect(down.output == "POOL   WAS  NOW\nprobe    3    1\n")
      try await waitForPoolSize(1, runDirectory)
      let unknown = try await switchyard("scale", "nope=2", "--run-dir", runDirectory)
      #expect(unknown.status == 1)
      #expect(unknown.errorOutput.contains("nope"))
    }
  }

  @Test func noCoordinatorIsOneClearLineAndStatus1() async throws {
    let runDirectory = "/tmp/sy-cli-nobody-\(getpid())"
    for command in [["status"], ["status", "--follow", "x"], ["send", "{}"], ["scale", "probe=1"]] {
      let result = try await runToExit(command + ["--run-dir", runDirectory])
      #expect(result.status == 1)
      #expect(result.errorOutput == "error: no coordinator at \(runDirectory) (start one with: switchyard start)\n")
    }
  }

  @Test func usageErrorsExit2WithTheUsageLine() async throws {
    let cases: [([String], String)] = [
      (["status", "--bogus"], "error: unknown option '--bogus'"),
      (["status", "--watch", "--follow", "x"], "error: --watch and --follow cannot be used together"),
      (["scale"], "error: missing KIND=N"),
      (["scale", "probe"], "error: 'probe' is not a valid KIND=N"),
      (["send"], "error: missing ACTION_JSON"),
      (["frobnicate"], "error: unknown command 'frobnicate'"),
      (["load", "--duration", "1", "--actions", "5"], "error: --duration and --actions cannot be used together"),
      (["load", "--sweep", "probe=0"], "error: 'probe=0' is not a valid --sweep"),
      (["load", "--scenario", "chess"], "error: 'chess' is not a valid --scenario: expected one of demo, probe"),
    ]
    for (arguments, message) in cases {
      let result = try await runToExit(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.errorOutput.hasPrefix(message), "\(arguments): \(result.errorOutput)")
      #expect(result.errorOutput.contains("\nusage: switchyard "), "\(arguments)")
    }
    let help = try await switchyard("scale", "--help")
    #expect(help.status == 0)
    #expect(help.output.contains("EXAMPLES:\n  switchyard scale probe=4"))
    #expect(try await switchyard("--version").output == "switchyard 0.1.0\n")
  }

  /// The shell passes the bytes through untouched; Foundation would have replaced 0xFF with U+FFFD.
  @Test func anArgumentThatIsNotUTF8IsRefusedNotSent() async throws {
    let runDirectory = "/tmp/sy-cli-nobody-\(getpid())"
    let command = #"exec "$0" send "$(printf '{"a":"\377"}')" --run-dir "$1""#
    let shell = try TestProcess(["-c", command, switchyardExecutable, runDirectory], executable: "/bin/sh")
    defer { shell.stop() }
    #expect(try await shell.exitStatus(within: 20) == 2)
    #expect(shell.errorOutput.hasPrefix("error: argument 2 is not valid UTF-8 (its bytes: 7B 22 61 22 3A 22 FF 22 7D)\n"))
    #expect(shell.errorOutput.contains("\nusage: switchyard "))
  }

  private func waitForPoolSize(_ size: Int, _ runDirectory: String) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
      let json = try await switchyard("status", "--json", "--run-dir", runDirectory)
      let report = try WireJSONDecoder().decode(StatusReport.self, from: Array(json.output.utf8))
      if let pool = report.pools.first, pool.size == size, pool.target == size,
        report.workers.filter({ $0.state == "ready" }).count == size
      {
        return
      }
      guard ContinuousClock.now < deadline else { throw TimedOut(what: "a pool of \(size); last status:\n\(json.output)") }
      try await Task.sleep(for: .milliseconds(50))
    }
  }
}
