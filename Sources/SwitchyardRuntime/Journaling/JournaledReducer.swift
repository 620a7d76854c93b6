import ComposableArchitecture

/// The root reducer of a durable coordinator: reduces each action with `base` while recording what
/// its non-deterministic dependencies return, then appends the action and the recording to an
/// ``ActionJournal``.
///
/// Every action the store processes passes here — sent over the control socket, sent at start, or
/// sent by an effect — so the journal holds them all, in the order they were reduced.
public struct JournaledReducer<Base: Reducer>: Reducer where Base.State: Codable & Sendable, Base.Action: Codable & Sendable {
  let base: Base
  let journal: ActionJournal
  private let recorder = ReductionRecorder()

  /// Journals `base`'s actions in `journal`.
  public init(_ base: Base, journal: ActionJournal) {
    self.base = base
    self.journal = journal
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let (effect, dependencies) = recorder.record { base.reduce(into: &state, action: action) }
    let (journal, reduced) = (journal, state)
    // The store reduces on the main actor; `reduce`'s signature just does not say so.
    MainActor.assumeIsolated { journal.append(action, dependencies: dependencies, state: reduced) }
    return effect
  }
}
