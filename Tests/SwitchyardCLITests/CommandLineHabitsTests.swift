import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardCLI

/// What kubectl, docker and git users expect of a command line: suggestions for typos, values from
/// the environment, shell completion, actions from standard input or a file, JSON for scripts.
@Suite(.onAThreadOfItsOwn) struct CommandLineHabitsTests {
  @Test func aMistypedCommandOrOptionGetsADidYouMean() async throws {
    #expect(Suggestion.closest(to: "stauts", among: ["start", "status", "send"]) == "status")
    #expect(Suggestion.closest(to: "--jsno", among: ["--json", "--run-dir"]) == "--json")
    #expect(Suggestion.closest(to: "deploy", among: ["start", "status", "send"]) == nil, "no wild guesses")

    let command = try await switchyard("stauts")
    #expect(command.status == 2)
    #expect(command.errorOutput.hasPrefix("error: unknown command 'stauts'; did you mean 'status'?\n"), "\(command.errorOutput)")
    let option = try await switchyard("status", "--jsno")
    #expect(option.status == 2)
    #expect(option.errorOutput.hasPrefix("error: unknown option '--jsno'; did you mean '--json'?\n"), "\(option.errorOutput)")
  }

  @Test func anOptionLeftOutIsReadFromItsEnvironmentVariable() throws {
    let command = Command(
      name: "x", abstract: "",
      options: [.runDirectory, .flag("--json", help: "")],
      run: { _ in 0 }
    )
    #expect(try command.parse([], environment: ["SWITCHYARD_RUN_DIR": "/run/sy"]).runDirectory == "/run/sy")
    #expect(try command.parse(["--run-dir", "/tmp/a"], environment: ["SWITCHYARD_RUN_DIR": "/run/sy"]).runDirectory == "/tmp/a")
    #expect(try command.parse([], environment: ["SWITCHYARD_RUN_DIR": ""]).runDirectory == ParsedArguments.defaultRunDirectory)
    #expect(command.help(toolName: "switchyard").contains("(env: SWITCHYARD_RUN_DIR)"))
  }

  @Test func clientCommandsFindTheCoordinatorThroughTheEnvironment() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let status = try await switchyard("status", "--json", environment: ["SWITCHYARD_RUN_DIR": runDirectory])
      #expect(status.status == 0, "\(status.errorOutput)")
      #expect(status.output.contains("\"pools\""))
    }
  }

  @Test func bashCompletesCommandsOptionsAndDirectories() async throws {
    let script = try await switchyard("completion", "bash")
    #expect(script.status == 0)
    let file = uniqueTemporaryPath("completion") + ".bash"
    try script.output.write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    func complete(_ words: [String]) async throws -> [String] {
      let line = "source \(file); COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1); _switchyard; printf '%s\\n' \"${COMPREPLY[@]}\""
      let result = try await runToExit(["-c", line], executable: "/bin/bash")
      #expect(result.status == 0, "\(result.errorOutput)")
      return result.output.split(separator: "\n").map(String.init)
    }
    #expect(try await complete(["switchyard", "sta"]) == ["start", "status"])
    #expect(try await complete(["switchyard", "status", "--js"]) == ["--json"])
    #expect(try await complete(["switchyard", "history", "--data-dir", "/"]).contains("/tmp"))
    #expect(try await complete(["switchyard", "history", "--set-aside", "/etc/host"]).contains("/etc/hostname"), "a file")
    #expect(try await !complete(["switchyard", "status", "--state", "/"]).contains("/tmp"), "a state path, not a file")

    for shell in ["zsh", "fish"] {
      let other = try await switchyard("completion", shell)
      #expect(other.status == 0)
      #expect(other.output.contains("status"))
    }
    let unknown = try await switchyard("completion", "tcsh")
    #expect(unknown.status == 2)
    #expect(unknown.errorOutput.contains("expected bash, zsh or fish"))
  }

  @Test func sendReadsTheActionFromStandardInputOrAFileAndScaleSpeaksJSON() async throws {
    try await withRunningCoordinator(pools: "probe=1") { runDirectory in
      let start = #"{"start":{"name":"a","job":{"tag":"t","outputs":1},"cancelInFlight":false}}"#
      let piped = try await runToExit(
        ["-c", "printf '%s' \"$1\" | \"$0\" send - --run-dir \"$2\"", switchyardExecutable, start, runDirectory],
        executable: "/bin/sh"
      )
      #expect(piped.status == 0, "\(piped.errorOutput)")
      #expect(piped.output.wholeMatch(of: #/sent: journal sequence \d+\n/#) != nil, "\(piped.output)")

      let file = uniqueTemporaryPath("action") + ".json"
      try start.replacingOccurrences(of: "\"a\"", with: "\"b\"").write(toFile: file, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(atPath: file) }
      let fromFile = try await switchyard("send", "@" + file, "--run-dir", runDirectory)
      #expect(fromFile.status == 0, "\(fromFile.errorOutput)")
      let missing = try await switchyard("send", "@/nonexistent/action.json", "--run-dir", runDirectory)
      #expect(missing.status == 2)
      #expect(missing.errorOutput.contains("@FILE naming a readable file"))

      let scaled = try await switchyard("scale", "probe=2", "--json", "--run-dir", runDirectory)
      #expect(scaled.status == 0, "\(scaled.errorOutput)")
      #expect(scaled.output == #"{"pools":{"probe":{"now":2,"was":1}}}"# + "\n")
    }
  }

  @Test func aWorkerOfAnUnknownKindIsAUsageMistake() async throws {
    let result = try await switchyard("worker", "nonesuch")
    #expect(result.status == 2)
    #expect(result.errorOutput.hasPrefix("error: this worker has no handler for 'nonesuch' jobs; it serves: "), "\(result.errorOutput)")
  }
}
