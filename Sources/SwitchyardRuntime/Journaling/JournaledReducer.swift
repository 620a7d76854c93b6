import ComposableArchitecture
import Synchronization

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
  /// Whether the recorder has taken its dependencies, the journaled job executor among them.
  private let hasRecorded = Flag()

  /// Journals `base`'s actions in `journal`.
  public init(_ base: Base, journal: ActionJournal) {
    self.base = base
    self.journal = journal
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // A closure returning nothing: recording one returning the effect would be generic over it,
    // which costs metadata lookups on every action in this unspecialised code.
    var effect = Effect<Base.Action>.none
    let journal = journal
    // The store reduces on the main actor; `reduce`'s signature just does not say so.
    MainActor.assumeIsolated { journal.isReducing = true }
    let dependencies = recordReduction { effect = base.reduce(into: &state, action: action) }
    let snapshotIsDue = MainActor.assumeIsolated { journal.append(action, dependencies: dependencies) }
    if snapshotIsDue {
      let reduced = state
      MainActor.assumeIsolated { journal.snapshot(reduced) }
    }
    return effect
  }

  /// Records `reduce` with the recorder, whose dependencies are the ones in force at its first
  /// reduction: that one runs with a ``JournaledJobExecutor`` in place of the store's executor, so
  /// every reduction creates remote effects the journal names, at the cost of one flag read.
  private func recordReduction(_ reduce: () -> Void) -> DependencyRecording {
    guard !hasRecorded.value.load(ordering: .relaxed) else { return recorder.record(reduce) }
    hasRecorded.value.store(true, ordering: .relaxed)
    return withDependencies { [journal] in
      $0.jobExecutor = JournaledJobExecutor(base: $0.jobExecutor, journal: journal)
    } operation: {
      recorder.record(reduce)
    }
  }
}

/// A flag shared by the copies of a reducer.
private final class Flag: Sendable {
  let value = Atomic<Bool>(false)
}
