import ComposableArchitecture
import SwitchyardRuntime
import SwitchyardWire
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
  /// Where the recording dependencies, the journaled job executor among them, come from.
  private let setup = Setup()

  /// Journals `base`'s actions in `journal`.
  public init(_ base: Base, journal: ActionJournal) {
    self.base = base
    self.journal = journal
  }

  /// Reduces and journals `action` as one from inside the process: a store sending without
  /// metadata, such as a test's, calls this.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    reduce(into: &state, action: action, metadata: nil)
  }

  /// Reduces `action`, then journals it as its origin says: `metadata` is the ``ActionOrigin`` it
  /// was sent with, if any.
  package func reduce(into state: inout Base.State, action: Base.Action, metadata: (any Sendable)?) -> Effect<Base.Action> {
    let origin = ActionOrigin(metadata)
    // A closure returning nothing: recording one returning the effect would be generic over it,
    // which costs metadata lookups on every action in this unspecialised code.
    var effect = Effect<Base.Action>.none
    let journal = journal
    // The store reduces on the main actor; `reduce`'s signature just does not say so. The action
    // gets the journal's next sequence number as it is appended, after it is reduced: a crash in
    // between names a record that was never journaled, and the effect whose event it was.
    let event = origin?.effect?.identity
    if let event { PoisonWatch.delivering(event) }
    PoisonWatch.reducingLive(true)
    let dependencies = recordReduction { effect = base.reduce(into: &state, action: action) }
    PoisonWatch.reducingLive(false)
    if event != nil { PoisonWatch.delivering(nil) }
    // One check of the executor for the journal's bookkeeping: each cost the action as much as
    // the numbering it guards.
    MainActor.assumeIsolated {
      // A record with the state's digest also lists the effects the action returned, none
      // included: replay checks both where it checks at all, and lists them nowhere else, as
      // listing them on every record cost a busy coordinator a tenth of its journaling.
      let digest = journal.digestIsDue() ? journal.digest(of: state) : nil
      let effects = digest == nil ? nil : effect.parts
      if journal.append(action, origin: origin, dependencies: dependencies, digest: digest, effects: effects) {
        journal.snapshot(state)
      }
    }
    return effect
  }

  /// Records `reduce` with the recorder. A coordinator's store holds the recording dependencies
  /// (``prepare(_:)``); elsewhere they are the ones in force at the first reduction, which runs with
  /// a ``JournaledJobExecutor`` in place of the store's executor, and are installed around each.
  /// Either way every reduction creates remote effects the journal names.
  private func recordReduction(_ reduce: () -> Void) -> DependencyRecording? {
    switch setup.source.load(ordering: .relaxed) {
    case .store:
      return recorder.recordInForce(reduce)
    case .firstReduction:
      return recorder.record(reduce)
    case .none:
      setup.source.store(.firstReduction, ordering: .relaxed)
      return withDependencies { [journal] in
        $0.jobExecutor = JournaledJobExecutor(base: $0.jobExecutor, journal: journal)
      } operation: {
        recorder.record(reduce)
      }
    }
  }
}

extension JournaledReducer: MetadataReducer {}

extension JournaledReducer: ClientActionMetadata {
  /// A client's action is journaled as the JSON it arrived as.
  package static func metadata(ofClientJSON json: RawJSON) -> any Sendable {
    ActionOrigin.client(json)
  }
}

extension JournaledReducer: StoreDependencyPreparing {
  package func prepare(_ dependencies: inout DependencyValues) {
    dependencies.jobExecutor = JournaledJobExecutor(base: dependencies.jobExecutor, journal: journal)
    dependencies = recorder.dependencies(recordingFrom: dependencies)
    setup.source.store(.store, ordering: .relaxed)
  }
}

/// Where a journaled reducer's recording dependencies come from, shared by its copies.
private final class Setup: Sendable {
  enum Source: UInt8, AtomicRepresentable {
    /// Not yet known: no reduction has run.
    case none
    /// Taken at the first reduction, and installed around each.
    case firstReduction
    /// The store's own, in force whenever it reduces.
    case store
  }

  let source = Atomic<Source>(.none)
}
