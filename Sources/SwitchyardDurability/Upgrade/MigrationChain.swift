import Foundation
import SwitchyardWire

/// This build's application version and the migrations that bring older versions' JSON up to it:
/// what replay runs on a snapshot or record an older version wrote, step by step.
struct MigrationChain: Sendable {
  /// The version this build writes.
  let version: Int
  /// The migration from each version that has one.
  private let steps: [Int: Migration]

  init(version: Int = 1, migrations: [Migration] = []) {
    self.version = max(1, version)
    self.steps = Dictionary(migrations.map { ($0.version, $0) }, uniquingKeysWith: { _, last in last })
  }

  /// Whether the state's JSON changes between `writtenBy` and this version: a digest of a state
  /// an older version reached cannot be compared with this build's then.
  func migratesState(from writtenBy: Int) -> Bool {
    (writtenBy..<max(writtenBy, version)).contains { steps[$0]?.state != nil }
  }

  /// `state` as `writtenBy` encoded it, decoded by this build through the migrations after it.
  func state<State: Decodable>(_ bytes: [UInt8], writtenBy: Int, what: String, as _: State.Type) throws(MigrationError) -> State {
    try check(writtenBy, what: what)
    guard writtenBy < version else { return try decode(State.self, what: what, writtenBy: writtenBy) { try $0.decode(State.self, from: bytes) } }
    var json = try parse(bytes, what: what, writtenBy: writtenBy)
    for step in writtenBy..<version {
      guard let migrate = steps[step]?.state else { continue }
      json = try run(step, what: what, writtenBy: writtenBy) { try migrate(json) }
    }
    return try decode(State.self, what: what, writtenBy: writtenBy) { try $0.decode(State.self, from: json) }
  }

  /// An action as `writtenBy` encoded it, migrated to this version's; `nil` when a migration
  /// dropped it.
  func action(_ json: JSONValue, writtenBy: Int, what: String) throws(MigrationError) -> JSONValue? {
    try check(writtenBy, what: what)
    var action = json
    for step in writtenBy..<max(writtenBy, version) {
      guard let migration = steps[step] else { continue }
      guard let migrated = try run(step, what: what, writtenBy: writtenBy, { try migration.action(action) }) else { return nil }
      action = migrated
    }
    return action
  }

  /// The kind of a record whose action a migration dropped.
  static let droppedKind = "actionDroppedByMigration"

  /// Decodes with `decode`, describing a failure as this chain's error; a ``MigrationError`` it
  /// throws, from a migration it runs, passes as it is.
  func decode<Value>(
    _: Value.Type, what: String, writtenBy: Int, _ decode: (WireJSONDecoder) throws -> Value
  ) throws(MigrationError) -> Value {
    do {
      return try decode(WireJSONDecoder())
    } catch let error as MigrationError {
      throw error
    } catch {
      throw .undecodable(
        what: what, path: Self.path(of: error), writtenBy: writtenBy, build: version, reason: WireJSONDecoder.describe(error)
      )
    }
  }

  private func check(_ writtenBy: Int, what: String) throws(MigrationError) {
    if writtenBy > version { throw .newerVersion(what: what, writtenBy: writtenBy, build: version) }
  }

  private func parse(_ bytes: [UInt8], what: String, writtenBy: Int) throws(MigrationError) -> JSONValue {
    do {
      return try WireJSONDecoder().parse(bytes)
    } catch {
      throw .undecodable(what: what, path: "", writtenBy: writtenBy, build: version, reason: "\(error)")
    }
  }

  private func run<Value>(
    _ step: Int, what: String, writtenBy: Int, _ migrate: () throws -> Value
  ) throws(MigrationError) -> Value {
    do {
      return try migrate()
    } catch {
      throw .migrationFailed(what: what, version: step, writtenBy: writtenBy, build: version, reason: "\(error)")
    }
  }

  /// The coding path a decoding error names, as `documents.b.tags`.
  private static func path(of error: any Error) -> String {
    let context: DecodingError.Context
    var last: [any CodingKey] = []
    switch error as? DecodingError {
    case let .keyNotFound(key, found)?: (context, last) = (found, [key])
    case let .typeMismatch(_, found)?, let .valueNotFound(_, found)?, let .dataCorrupted(found)?: context = found
    default: return ""
    }
    return (context.codingPath + last).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
      .replacingOccurrences(of: ".[", with: "[")
  }
}
