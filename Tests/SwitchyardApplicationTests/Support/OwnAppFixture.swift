import Foundation

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

  /// `swift`, from the PATH.
  static let swift = "/usr/bin/env"
}
