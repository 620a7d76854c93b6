import ComposableArchitecture
import SwitchyardJournal
import SwitchyardWire

/// Rebuilds an application's state from its journal: decodes snapshots, and reduces each journaled
/// action again with the dependency values recorded beside it, discarding the effects it returns.
///
/// Recovery and `switchyard history` both replay through it, so both rebuild the same state.
public struct ActionReplay<Base: Reducer> where Base.State: Codable, Base.Action: Codable {
  /// The application's reducer, the one that wrote the journal, with its body built once: a
  /// feature's own `reduce` would build its body again for every record replayed.
  let reducer: Reduce<Base.State, Base.Action>

  /// Replays through `reducer`.
  public init(_ reducer: Base) {
    self.reducer = Reduce(reducer)
  }

  /// What the record's payload holds.
  public func entry(_ record: JournalRecord) throws(JournalReplayError) -> JournalEntry<Base.Action> {
    do {
      return try WireJSONDecoder().decode(JournalEntry<Base.Action>.self, from: record.payload)
    } catch {
      throw .undecodableRecord(sequence: record.sequence, reason: WireJSONDecoder.describe(error))
    }
  }

  /// The state a snapshot holds.
  public func state(_ snapshot: JournalSnapshot) throws(JournalReplayError) -> Base.State {
    do {
      return try WireJSONDecoder().decode(Base.State.self, from: snapshot.state)
    } catch {
      throw .undecodableSnapshot(sequence: snapshot.sequence, reason: WireJSONDecoder.describe(error))
    }
  }

  /// Applies `record` to `state`: its action is reduced as it was when recorded; its effects never run.
  public func apply(_ record: JournalRecord, to state: inout Base.State) throws(JournalReplayError) {
    guard case let .action(action, dependencies) = try entry(record) else { return }
    do {
      try withDependencyReplay(dependencies) { _ = reducer.reduce(into: &state, action: action) }
    } catch {
      throw .diverged(sequence: record.sequence, reason: "\(error)")
    }
  }
}
