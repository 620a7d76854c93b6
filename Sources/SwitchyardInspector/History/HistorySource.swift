import SwitchyardWire

/// Past states by sequence number: what the inspector's history slider and diffs read.
///
/// The inspector keeps a ``RecentHistory`` of its own; an application that journals its actions
/// passes a source over the journal to ``Inspector/start(_:configuration:history:)``, which gives
/// the slider every state the journal can rebuild. Methods are async so that an implementation
/// may read from disk and replay off the main actor.
public protocol HistorySource: Sendable {
  /// Which states this source can give.
  func retained() async throws -> RetainedStates

  /// The state right after the action numbered `sequence`, or else after the nearest earlier
  /// one the source holds; `nil` when it holds none that old.
  func state(atOrBefore sequence: UInt64) async throws -> HistoricState?
}

/// A state from history, with the sequence number of the action that left it.
public struct HistoricState: Sendable, Equatable {
  /// The sequence number of the action after which the state was taken; 0 for the initial state.
  public var sequence: UInt64
  /// The state as JSON.
  public var state: JSONValue

  /// A state taken after action `sequence`.
  public init(sequence: UInt64, state: JSONValue) {
    self.sequence = sequence
    self.state = state
  }
}
