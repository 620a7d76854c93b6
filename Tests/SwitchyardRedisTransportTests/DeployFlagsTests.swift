import Foundation
import SwitchyardTestSupport
import Testing

/// Every flag deploy/cli-flags.txt lists (the flags the manifests and units use) is one the real
/// `switchyard` accepts: it appears in the subcommand's `--help`, and the remote-pool forms the
/// manifests use parse.
@Suite struct DeployFlagsTests {
  /// `deploy/cli-flags.txt` as subcommand → flags.
  static func listedFlags() throws -> [(subcommand: String, flags: [String])] {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("deploy/cli-flags.txt")
    return try String(contentsOf: url, encoding: .utf8)
      .split(separator: "\n")
      .filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map { line in
        let words = line.split(separator: " ").map(String.init)
        return (words[0], Array(words.dropFirst()))
      }
  }

  /// Runs the built `switchyard` with `arguments`, returning its exit status and both outputs.
  static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    let result = try await runToExit(arguments)
    return (result.status, result.output + result.errorOutput)
  }

  @Test func everyListedFlagIsInItsSubcommandsHelp() async throws {
    let listed = try Self.listedFlags()
    #expect(listed.map(\.subcommand).sorted() == ["backup", "send", "start", "status", "worker"])
    for (subcommand, flags) in listed {
      let (status, help) = try await Self.run([subcommand, "--help"])
      #expect(status == 0, "switchyard \(subcommand) --help: \(help)")
      let usage = help.components(separatedBy: "OPTIONS:").first ?? help
      for flag in flags {
        #expect(usage.contains("[\(flag)"), "`switchyard \(subcommand) \(flag)` is not a real flag:\n\(help)")
      }
    }
  }

  @Test func aRemotePoolWithoutABrokerIsRefusedAsUsage() async throws {
    let (status, output) = try await Self.run(["start", "--pools", "search=redis"])
    #expect(status == 2)
    #expect(output.contains("needs --broker"))
    let (badLimit, limitOutput) = try await Self.run(["start", "--pools", "search=redis:0", "--broker", "redis://127.0.0.1:1/0"])
    #expect(badLimit == 2)
    #expect(limitOutput.contains("KIND=redis:N"))
  }
}
