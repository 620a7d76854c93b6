import Foundation
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// `package DIR`: the Containerfile, systemd unit and Kubernetes manifest that deploy a user's own
/// executable, generated for the own-app fixture's `documents` and checked as text, by PyYAML and
/// by systemd-analyze.
@Suite struct PackageCommandTests {
  /// The own-app fixture, whose package the Containerfile builds.
  static let fixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/OwnApp").path

  /// The files `package` writes for the fixture, by name.
  private func generate() async throws -> (directory: String, files: [String: String]) {
    let directory = uniqueTemporaryPath("package")
    let result = try await switchyard("package", "--name", "documents", "--product", "documents", directory)
    #expect(result.status == 0, "\(result.errorOutput)")
    let names = ["Containerfile", "documents.service", "documents.yaml"]
    #expect(result.output == names.map { "wrote \(directory)/\($0)\n" }.joined())
    let files = try Dictionary(uniqueKeysWithValues: names.map { ($0, try String(contentsOfFile: directory + "/" + $0, encoding: .utf8)) })
    return (directory, files)
  }

  /// The flags `start --help` lists.
  private func startFlags() async throws -> String {
    try await switchyard("start", "--help").output
  }

  @Test func theContainerfileBuildsTheFixturesProductFromItsOwnFiles() async throws {
    let (directory, files) = try await generate()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let lines = try #require(files["Containerfile"]).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    #expect(lines.filter { $0.hasPrefix("FROM ") }.count == 2)
    #expect(lines.contains { $0.hasPrefix("RUN swift build -c release --product documents ") })
    // Every file copied from the build context is in the fixture's package.
    let copied = lines.filter { $0.hasPrefix("COPY ") && !$0.contains("--from") }.map { $0.split(separator: " ")[1] }
    #expect(copied == ["Package.*", "Sources"])
    let contents = try FileManager.default.contentsOfDirectory(atPath: Self.fixture)
    #expect(contents.contains("Package.swift") && contents.contains("Sources"), "\(contents)")
    #expect(lines.contains(#"ENTRYPOINT ["/usr/local/bin/documents"]"#))
    let command = try #require(lines.first { $0.hasPrefix("CMD ") }).dropFirst(4)
    let words = try #require(try WireJSONDecoder().parse(Array(command.utf8)).arrayValue).compactMap(\.stringValue)
    #expect(words.first == "start")
    let help = try await startFlags()
    for flag in words where flag.hasPrefix("--") { #expect(help.contains(flag), "start has no \(flag)") }
    #expect(lines.contains("ENV SWITCHYARD_RUN_DIR=/var/lib/documents"))
  }

  @Test func theUnitRunsTheExecutableWithItsDataWhereSystemdKeepsIt() async throws {
    let (directory, files) = try await generate()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let text = try #require(files["documents.service"])
    let unit = try SystemdUnit(parsing: text)
    let command = try #require(unit.value("ExecStart", in: "Service")).split(separator: " ").map(String.init)
    #expect(command.prefix(2) == ["/usr/local/bin/documents", "start"])
    #expect(command.contains("/var/lib/\(try #require(unit.value("StateDirectory", in: "Service")))"))
    #expect(unit.value("Environment", in: "Service") == "SWITCHYARD_RUN_DIR=/run/\(try #require(unit.value("RuntimeDirectory", in: "Service")))")
    #expect(unit.value("RestartPreventExitStatus", in: "Service") == "78")
    let help = try await startFlags()
    for flag in command where flag.hasPrefix("--") { #expect(help.contains(flag), "start has no \(flag)") }

    let analyze = "/usr/bin/systemd-analyze"
    guard FileManager.default.isExecutableFile(atPath: analyze) else { return }
    // systemd-analyze checks that the command exists: the unit as installed, with the built binary.
    let installed = directory + "/documents.service"
    try text.replacingOccurrences(of: "/usr/local/bin/documents", with: switchyardExecutable).write(toFile: installed, atomically: true, encoding: .utf8)
    let verified = try await runToExit(["verify", installed], executable: analyze, within: 60)
    #expect(verified.status == 0 && verified.errorOutput.isEmpty && verified.output.isEmpty, "\(verified.output)\(verified.errorOutput)")
  }

  @Test func theManifestIsOneCoordinatorWithItsRunDirectoryOnAVolume() async throws {
    let (directory, _) = try await generate()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let script = "import json, sys, yaml; json.dump([d for d in yaml.safe_load_all(open(sys.argv[1])) if d], sys.stdout)"
    let parsed = try await runToExit(["python3", "-c", script, directory + "/documents.yaml"], executable: "/usr/bin/env", within: 60)
    #expect(parsed.status == 0, "PyYAML must parse the manifest (install python3-yaml): \(parsed.errorOutput)")
    let documents = try #require(try WireJSONDecoder().parse(Array(parsed.output.utf8)).arrayValue)
    #expect(documents.map { $0[dottedPath: "kind"] } == ["Service", "StatefulSet"])
    let set = documents[1]
    #expect(set[dottedPath: "spec.replicas"] == 1)
    let container = try #require(set[dottedPath: "spec.template.spec.containers.0"])
    #expect(container[dottedPath: "image"] == "documents:latest")
    let command = container[dottedPath: "command"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(command.prefix(2) == ["/usr/local/bin/documents", "start"])
    let runDirectory = try #require(command.firstIndex(of: "--run-dir").map { command[$0 + 1] })
    #expect(container[dottedPath: "volumeMounts.0.mountPath"]?.stringValue == runDirectory)
    let probe = container[dottedPath: "livenessProbe.exec.command"]?.arrayValue?.compactMap(\.stringValue)
    #expect(probe == ["/usr/local/bin/documents", "status", "--run-dir", runDirectory])
    let statusHelp = try await switchyard("status", "--help").output
    #expect(statusHelp.contains("--run-dir"))
    let startHelp = try await startFlags()
    for flag in command where flag.hasPrefix("--") { #expect(startHelp.contains(flag), "start has no \(flag)") }
    #expect(set[dottedPath: "spec.volumeClaimTemplates.0.metadata.name"] == container[dottedPath: "volumeMounts.0.name"])
  }

  @Test func existingFilesAreNeverOverwritten() async throws {
    let (directory, files) = try await generate()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "mine".write(toFile: directory + "/Containerfile", atomically: true, encoding: .utf8)
    let again = try await switchyard("package", "--name", "documents", "--product", "documents", directory)
    #expect(again.status == 2)
    #expect(again.errorOutput.contains("\(directory)/Containerfile exists"), "\(again.errorOutput)")
    #expect(try String(contentsOfFile: directory + "/Containerfile", encoding: .utf8) == "mine")
    #expect(files.count == 3)
    let badName = try await switchyard("package", "--name", "../etc", directory + "/other")
    #expect(badName.status == 2 && badName.errorOutput.contains("--name"), "\(badName.errorOutput)")
  }
}
