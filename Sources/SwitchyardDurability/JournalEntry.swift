import ComposableArchitecture

/// What one record of a coordinator's journal held, as replay read it (proto/JOURNAL.md,
/// "Payloads"): an action, or a record of another kind, such as an effect's end, which changes no
/// state.
public enum JournalEntry<Action> {
  /// An action the root reducer processed, with what its non-deterministic dependencies returned:
  /// journaled as the action, or as the remote effect event it was made of.
  case action(Action, dependencies: DependencyRecording)
  /// A record of another kind, named by its key: replay leaves the state alone.
  case other(kind: String)
}
