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
  /// `nil` when the state's JSON stays as it was: digests of it remain comparable.
  let state: (@Sendable (JSONValue) throws -> JSONValue)?
  let action: @Sendable (JSONValue) throws -> JSONValue?

  /// Migrates what version `version` journaled: `state` rewrites a snapshot's state, `action` a
  /// record's action, returning `nil` to drop an action the new version no longer has (its record
  /// then changes no state).
  public init(
    from version: Int,
    state: (@Sendable (JSONValue) throws -> JSONValue)? = nil,
    action: @escaping @Sendable (JSONValue) throws -> JSONValue? = { $0 }
  ) {
    self.version = version
    self.state = state
    self.action = action
  }

  /// `state` as this migration rewrites a snapshot's: for a feature's own tests of it.
  public func migrate(state: JSONValue) throws -> JSONValue {
    try self.state?(state) ?? state
  }

  /// `action` as this migration rewrites a record's, `nil` when it drops it: for a feature's tests.
  public func migrate(action: JSONValue) throws -> JSONValue? {
    try self.action(action)
  }
}
