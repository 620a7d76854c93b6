import SwitchyardWire

/// One reduced action as the inspector shows it: its sequence number, its path and its JSON.
public struct ActionEntry: Codable, Equatable, Sendable {
  /// The action's sequence number: the journal's, as `switchyard history` prints it, when the
  /// coordinator journals; else the store's count of reduced actions once this one was counted.
  public var sequence: UInt64
  /// Where the action goes, in the state path syntax, e.g. `sessions.id=1.search.searchQueryChanged`.
  public var path: String
  /// The action as `switchyard send` takes it.
  public var action: JSONValue

  /// An entry whose path is read from `action`.
  public init(sequence: UInt64, action: JSONValue) {
    self.sequence = sequence
    self.path = ActionPath.of(action)
    self.action = action
  }
}
