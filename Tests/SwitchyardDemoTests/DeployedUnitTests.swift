import Foundation
import SwitchyardTestSupport
import Testing

/// deploy/switchyard.service's own command line, run with its directories as systemd lays them out
/// under a temporary root: what `systemctl restart` and a restore from `switchyard backup` keep.
@Suite struct DeployedUnitTests {
  /// The unit's directories under `root`, and its command line with them in place.
  struct Service {
    let runDirectory: String
    let stateDirectory: String
    let commandLine: [String]

    init(root: String) throws {
      let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("deploy/switchyard.service")
      let unit = try SystemdUnit(parsing: String(contentsOf: file, encoding: .utf8))
      #expect(unit.value("KillSignal", in: "Service") == "SIGTERM")
      #expect(unit.value("Restart", in: "Service") == "on-failure")
      #expect(unit.value("RestartPreventExitStatus", in: "Service") == "78", "a refused data directory is not restarted into")
      let runtime = try #require(unit.value("RuntimeDirectory", in: "Service"))
      let state = try #require(unit.value("StateDirectory", in: "Service"), "the unit keeps its data where systemd keeps it")
      runDirectory = root + "/run/" + runtime
      stateDirectory = root + "/var/lib/" + state
      let places = ["/run/" + runtime: runDirectory, "/var/lib/" + state: stateDirectory]
      let words = try #require(unit.value("ExecStart", in: "Service")).split(separator: " ").map(String.init)
      #expect(words.first == "/usr/local/bin/switchyard")
      commandLine = words.dropFirst().map { places[$0] ?? $0 }
      #expect(commandLine.contains(stateDirectory), "the journal lives in the state directory: \(words)")
    }

    /// What `systemctl start` does: creates the run directory, then runs the command line.
    func start() throws -> DemoProcess {
      try FileManager.default.createDirectory(atPath: runDirectory, withIntermediateDirectories: true)
      return try DemoProcess(commandLine: commandLine, runDirectory: runDirectory)
    }

    /// What `systemctl stop` does once the process has exited: removes the run directory, keeps the state.
    func removeRunDirectory() throws {
      try FileManager.default.removeItem(atPath: runDirectory)
    }
  }

  @Test func theDataSurvivesARestartAndABackupRestoresIt() async throws {
    let root = uniqueTemporaryPath("systemd")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let service = try Service(root: root)
    let sessions = ["a", "b", "c"]

    let first = try service.start()
    defer { first.cleanUp() }
    let client = try await first.connect()
    for id in sessions { try first.send(#"{"sessionOpened":{"id":"\#(id)"}}"#, through: client) }
    _ = try await first.state("the sessions opened", through: client) { state in sessions.allSatisfy { state.sessions[id: $0] != nil } }
    let backup = root + "/backup"
    let copied = try await switchyard("backup", "--data-dir", service.stateDirectory, backup)
    #expect(copied.status == 0, "\(copied.errorOutput)")
    #expect(copied.output.hasPrefix("backed up records 1–"), "\(copied.output)")
    // An action after the backup: the restore must not have it.
    try first.send(#"{"sessionOpened":{"id":"late"}}"#, through: client)
    #expect(await first.terminate() == 0)
    try service.removeRunDirectory()

    let second = try service.start()
    defer { second.cleanUp() }
    let restarted = try await second.state("the sessions after a restart", through: try await second.connect()) { state in
      (sessions + ["late"]).allSatisfy { state.sessions[id: $0] != nil }
    }
    #expect(restarted.sessions.count >= sessions.count + 1)
    #expect(await second.terminate() == 0)
    try service.removeRunDirectory()

    // A restore: the backup in place of the state directory.
    try FileManager.default.removeItem(atPath: service.stateDirectory)
    try FileManager.default.moveItem(atPath: backup, toPath: service.stateDirectory)
    let third = try service.start()
    defer { third.cleanUp() }
    let restored = try await third.state("the sessions from the backup", through: try await third.connect()) { state in
      sessions.allSatisfy { state.sessions[id: $0] != nil }
    }
    #expect(restored.sessions[id: "late"] == nil, "the backup was taken before the last session opened")
    #expect(await third.terminate() == 0)
  }

  @Test func aBackupNeverWritesOverADirectory() async throws {
    let root = uniqueTemporaryPath("backup-refusal")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let source = root + "/none"
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    let noJournal = try await switchyard("backup", "--data-dir", source, root + "/out")
    #expect(noJournal.status == 1)
    #expect(noJournal.errorOutput.contains("holds no journal"), "\(noJournal.errorOutput)")
    try "switchyard-journal 3\n".write(toFile: source + "/FORMAT", atomically: true, encoding: .utf8)
    let existing = try await switchyard("backup", "--data-dir", source, root)
    #expect(existing.status == 1)
    #expect(existing.errorOutput.contains("already exists"), "\(existing.errorOutput)")
  }
}
