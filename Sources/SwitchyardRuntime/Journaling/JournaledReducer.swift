import ComposableArchitecture
import SwitchyardWire

/// The root reducer of a durable coordinator: reduces each action with `base` while recording what
/// its non-deterministic dependencies return, then appends the action and the recording to an
/// ``ActionJournal``.
///
/// Every action the store processes passes here — sent over the control socket, sent at start, or
/// sent by an effect — so the journal holds them all, in the order they were reduced.
public struct JournaledReducer<Base: Reducer>: Reducer where Base.State: Codable & Sendable, Base.Action: Codable {
  let base: Base
  let journal: ActionJournal

  /// Journals `base`'s actions in `journal`.
  public init(_ base: Base, journal: ActionJournal) {
    self.base = base
    self.journal = journal
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let (effect, dependencies) = withDependencyRecording { base.reduce(into: &state, action: action) }
    let reduced = state
    let journal = journal
    let payload = Result { try WireJSONEncoder().encode(JournalEntry<Base.Action>.action(action, dependencies: dependencies)) }
    // The store reduces on the main actor; `reduce`'s signature just does not say so.
    MainActor.assumeIsolated {
      switch payload {
      case let .success(payload): journal.append(payload) { try WireJSONEncoder().encode(reduced) }
      case let .failure(error): journal.fail("an action did not encode as JSON: \(error)")
      }
    }
    return effect
  }
}
