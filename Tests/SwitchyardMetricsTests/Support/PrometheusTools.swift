import Foundation
import SwitchyardTestSupport
import Testing

/// `prometheus` and `promtool` from Debian's package, which `.ci/run` installs.
enum PrometheusTools {
  /// Why a test cannot run: what to install.
  struct Missing: Error, CustomStringConvertible {
    let tool: String
    var description: String {
      "\(tool) is not installed; these tests check Switchyard's metrics with the real Prometheus: apt-get install prometheus"
    }
  }

  /// The tool's path, or a recorded failure naming how to install it.
  static func require(_ tool: String) throws -> String {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/sbin"]
    guard let path = paths.map({ "\($0)/\(tool)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      let missing = Missing(tool: tool)
      Issue.record("\(missing)")
      throw missing
    }
    return path
  }

  /// `promtool check metrics` on `exposition`: its status and what it said (lint problems go to stderr).
  static func checkMetrics(_ exposition: String) async throws -> CommandResult {
    let promtool = try require("promtool")
    let file = uniqueTemporaryPath("exposition") + ".txt"
    try exposition.write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    // promtool reads the exposition from standard input only.
    return try await runToExit(["-c", "exec \"$0\" check metrics < \"$1\"", promtool, file], executable: "/bin/sh", within: 30)
  }

  /// `promtool check rules FILE`.
  static func checkRules(_ file: String) async throws -> CommandResult {
    try await runToExit(["check", "rules", file], executable: try require("promtool"), within: 30)
  }

  /// `promtool test rules FILE`: the unit tests of alerting rules.
  static func testRules(_ file: String) async throws -> CommandResult {
    try await runToExit(["test", "rules", file], executable: try require("promtool"), within: 60)
  }

  /// This repository's deploy/ directory.
  static let deployDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("deploy")
}
