import ComposableArchitecture
import SwitchyardJournal
@testable import SwitchyardDurability
@testable import SwitchyardRuntime

/// Journals `actions` through `reducer`, from the state `directory` recovers to (`initialState`
/// when it is new), its remote jobs ending at once with no output, and leaves as a crash would: no
/// final snapshot.
@MainActor
func journalThenCrash<Base: Reducer>(
  _ directory: String, _ reducer: Base, _ initialState: Base.State, _ actions: [Base.Action]
) async throws where Base.State: Codable & Sendable, Base.Action: Codable & Sendable {
  let (journal, state) = try open(directory, reducer, initialState)
  let store = Store(initialState: state) {
    JournaledReducer(reducer, journal: journal)
  } withDependencies: {
    $0.jobExecutor = FinishingJobExecutor()
  }
  for action in actions { await store.send(action).finish() }
  await journal.closeOnceDurable()
}

private extension ActionJournal {
  /// Closes once every record is durable, awaiting the fsync rather than blocking on it in
  /// `close()`: the main actor this runs on is every `@MainActor` suite's, and under a full run's
  /// load an fsync held it for seconds.
  func closeOnceDurable() async {
    try? await journal.waitUntilDurable(lastSequence)
    close()
  }
}

/// Runs every job at once, with no output.
private struct FinishingJobExecutor: JobExecutor {
  func execute<Job: RemoteJob>(_ job: Job, emit: JobEmitter<Job.Output>) async throws {}
}

/// The newest `divergenceAccepted` record of `directory`'s journal: the snapshot a start that
/// accepted a divergence takes may be followed by an `effectsInFlight` record, so it is not
/// always the last.
func newestDivergenceAccepted(in directory: String) throws -> JournalRecord? {
  try JournalHistory(directory: directory).records(from: 1).last { DivergenceAcceptedRecord(payload: $0.payload) != nil }
}
