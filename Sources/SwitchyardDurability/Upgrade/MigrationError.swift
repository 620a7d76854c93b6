
/// Why what an older version of the application journaled could not be read by this build:
/// each names what, where, the version that wrote it and this build's, and points to the guide.
public enum MigrationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A snapshot's or record's JSON, migrated from `writtenBy` to `build`, does not decode.
  case undecodable(what: String, path: String, writtenBy: Int, build: Int, reason: String)
  /// A migration from `version` threw.
  case migrationFailed(what: String, version: Int, writtenBy: Int, build: Int, reason: String)
  /// A newer version than this build wrote it.
  case newerVersion(what: String, writtenBy: Int, build: Int)

  /// Where the guide explains migrations.
  static let guide =
    "see \"Migrations\" in the guide Upgrading your application "
    + "(Sources/SwitchyardApplication/Documentation.docc/Articles/UpgradingYourApplication.md)"

  public var description: String {
    switch self {
    case let .undecodable(what, path, writtenBy, build, reason):
      let at = path.isEmpty ? "" : " at \(path)"
      let fix =
        writtenBy == build
        ? "This build is the version that wrote it, so the JSON was changed by hand or the types changed without a new "
          + "dataVersion: raise dataVersion and register a Migration from \(build)"
        : "Register a Migration from version \(writtenBy) (or the first version after it that has none) that rewrites "
          + "this JSON into version \(writtenBy + 1)'s"
      return "\(what), written by version \(writtenBy) of the application, does not decode in this build (version \(build))"
        + "\(at): \(reason). \(fix); \(Self.guide)."
    case let .migrationFailed(what, version, writtenBy, build, reason):
      return "The migration from version \(version) failed on \(what), written by version \(writtenBy) (this build is "
        + "version \(build)): \(reason). Fix the migration; \(Self.guide)."
    case let .newerVersion(what, writtenBy, build):
      return "\(what) was written by version \(writtenBy) of the application, newer than this build (version \(build)), "
        + "which cannot read it. Run version \(writtenBy) or later; \(Self.guide)."
    }
  }
}
