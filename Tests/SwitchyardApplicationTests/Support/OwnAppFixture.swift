import Foundation
import SwitchyardTestSupport
import Testing

/// `Tests/Fixtures/OwnApp`: a user's package on Switchyard, outside this package's build.
///
/// It is laid out as a user would have it — its own directory beside a `Switchyard` checkout —
/// under `.build/fixtures`, with `Switchyard` a link to this repository; its scratch directory
/// stays there between runs, so only the first build compiles Switchyard from scratch.
struct OwnAppFixture {
  /// This repository's root.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
  /// The fixture's sources.
  static let source = repository + "/Tests/Fixtures/OwnApp"

  /// The copy that is built.
  let package: String

  /// Copies the fixture beside a link named `Switchyard` to this repository.
  static func prepare() throws -> OwnAppFixture {
    let files = FileManager.default
    let root = repository + "/.build/fixtures"
    try files.createDirectory(atPath: root, withIntermediateDirectories: true)
    let link = root + "/Switchyard"
    if (try? files.destinationOfSymbolicLink(atPath: link)) != repository {
      try? files.removeItem(atPath: link)
      try files.createSymbolicLink(atPath: link, withDestinationPath: repository)
    }
    let package = root + "/OwnApp"
    // Sources are replaced; the scratch directory is kept.
    for entry in ["Package.swift", "Sources", "Tests"] {
      try? files.removeItem(atPath: package + "/" + entry)
    }
    try files.createDirectory(atPath: package, withIntermediateDirectories: true)
    for entry in ["Package.swift", "Sources", "Tests"] {
      try files.copyItem(atPath: source + "/" + entry, toPath: package + "/" + entry)
    }
    return OwnAppFixture(package: package)
  }

  /// The built `documents` executable.
  var executable: String { package + "/.build/debug/documents" }

  /// Builds the executable, as `swift build` on one job at the lowest priority (see
  /// ``OwnApplicationTests``), and copies it to `destination`, which it returns.
  func build(as destination: String) async throws -> String {
    let build = try await Self.runSwift(
      ["nice", "-n", "19", "swift", "build", "--product", "documents", "-j", "1", "--package-path", package], within: 900
    )
    try #require(build.status == 0, "the fixture did not build:\n\(build.output.suffix(6_000))\(build.errorOutput.suffix(2_000))")
    try FileManager.default.copyItem(atPath: executable, toPath: destination)
    return destination
  }

  /// Copies every file under `directory` over the package's, or those under `subdirectory` of it,
  /// as a new version changes them.
  func overlay(_ directory: String, into subdirectory: String = "") throws {
    let files = FileManager.default
    let target = subdirectory.isEmpty ? package : package + "/" + subdirectory
    for case let path as String in files.enumerator(atPath: directory) ?? FileManager.DirectoryEnumerator()
    where path.hasSuffix(".swift") {
      try? files.removeItem(atPath: target + "/" + path)
      try files.copyItem(atPath: directory + "/" + path, toPath: target + "/" + path)
    }
  }

  /// Builds and runs the package's tests, on one job at the lowest priority.
  func test() async throws -> CommandResult {
    try await Self.runSwift(["nice", "-n", "19", "swift", "test", "-j", "1", "--package-path", package], within: 900)
  }

  /// Replaces `old` with `new` in the package's file at `path`, which must hold it.
  func patch(_ path: String, _ old: String, _ new: String) throws {
    let file = package + "/" + path
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try #require(text.contains(old), "\(path) does not hold \(old)")
    try text.replacingOccurrences(of: old, with: new).write(toFile: file, atomically: true, encoding: .utf8)
  }

  /// Runs `arguments`, a command line that runs `swift` from the PATH, to completion within
  /// `seconds`, with a temporary directory of its own that is removed afterwards: the Swift driver
  /// leaves a `TemporaryDirectory.*` there for every compiler job, about fifty a test run.
  static func runSwift(_ arguments: [String], within seconds: Double) async throws -> CommandResult {
    let temporary = uniqueTemporaryPath("swift-tmp")
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    return try await runToExit(arguments, environment: ["TMPDIR": temporary], executable: "/usr/bin/env", within: seconds)
  }
}
