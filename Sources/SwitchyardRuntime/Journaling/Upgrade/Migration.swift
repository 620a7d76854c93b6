import SwitchyardWire

/// One step of an application's upgrade: rewrites the JSON that version ``version`` journaled —
/// the state in its snapshots and the actions in its records — into what version `version + 1`
/// decodes.
///
/// Register one per version whose JSON the next cannot decode (a new field without a default
/// `Optional`, a renamed, split or dropped case); replay runs them in order on whatever an older
/// version wrote, so a build reads every older data directory. Adding an `Optional` field needs
/// none.
public struct Migration: Sendable {
  /// The version whose JSON this reads; it writes the JSON of the version after it.
  public let version: Int
  let state: @Sendable (JSONValue) throws -> JSONValue
  let action: @Sendable (JSONValue) throws -> JSONValue?

  /// Migrates what version `version` journaled: `state` rewrites a snapshot's state, `action` a
  /// record's action, returning `nil` to drop an action the new version no longer has (its record
  /// then changes no state).
  public init(
    from version: Int,
    state: @escaping @Sendable (JSONValue) throws -> JSONValue = { $0 },
    action: @escaping @Sendable (JSONValue) throws -> JSONValue? = { $0 }
  ) {
    self.version = version
    self.state = state
    self.action = action
  }
}
