import ComposableArchitecture
import Foundation
import SwitchyardDiagnostics
import SwitchyardJournal
import SwitchyardTestSupport
import Testing

@testable import SwitchyardDurability
@testable import SwitchyardRuntime

/// One life of a journaled coordinator of `Base` with real probe workers, on a data directory: its
/// state recovered and its effects resumed, as `switchyard start` would.
@MainActor
final class JournaledLifetime<Base: Reducer>
where Base.State: Codable & Equatable & Sendable, Base.Action: Codable & Sendable {
  let coordinator: Coordinator<JournaledReducer<Base>>
  let journal: ActionJournal
  let log = LogLines()
  private let runDirectory = makeRunDirectory()
  private let workers: RecordingTransport

  init(
    _ base: Base,
    initialState: Base.State,
    dataDirectory: String,
    policy: SnapshotPolicy = SnapshotPolicy(),
    snapshotsKept: Int = 2,
    servesControlSocket: Bool = false,
    skipping skip: UInt64? = nil
  ) throws {
    let log = log
    let (journal, state) = try ActionJournal.open(
      directory: dataDirectory, options: JournalOptions(durability: .always, snapshotsKept: snapshotsKept), policy: policy,
      replay: ActionReplay(base), initialState: initialState, skipping: skip, log: { log.append($0) }
    )
    self.journal = journal
    coordinator = Coordinator(
      configuration: CoordinatorConfiguration(
        runDirectory: runDirectory,
        pools: [testPool(size: 1)],
        workerLaunch: WorkerLaunch(executable: switchyardExecutable) { ["worker", $0.rawValue] },
        shutdownGrace: .milliseconds(500),
        servesControlSocket: servesControlSocket,
        tickInterval: .milliseconds(20),
        log: { log.append($0) }
      ),
      initialState: state,
      reducer: JournaledReducer(base, journal: journal)
    )
    coordinator.actionLog = journal
    workers = coordinator.recordWorkers()
    try coordinator.start()
    journal.resumeEffects(in: coordinator)
  }

  /// Stops as a crash would, as far as the journal can tell: the journal closes first, so the
  /// ends of the effects the shutdown cancels are never journaled.
  func crash() async {
    journal.close()
    await stop()
  }

  /// Stops in order: the shutdown cancels what still runs, which the journal does not count as
  /// ended, then the journal closes.
  func shutDown() async {
    await stop()
    journal.close(finalState: coordinator.store.state)
  }

  private func stop() async {
    await coordinator.shutdown()
    for pid in workers.pids { #expect(!processExists(pid), "worker \(pid) outlived its coordinator") }
    try? FileManager.default.removeItem(atPath: runDirectory)
  }
}

extension JournaledLifetime where Base == ProbeFeature {
  /// A probe coordinator's life, from an empty state.
  convenience init(
    dataDirectory: String,
    policy: SnapshotPolicy = SnapshotPolicy(),
    snapshotsKept: Int = 2,
    servesControlSocket: Bool = false,
    skipping skip: UInt64? = nil
  ) throws {
    try self.init(
      ProbeFeature(), initialState: ProbeFeature.State(), dataDirectory: dataDirectory, policy: policy,
      snapshotsKept: snapshotsKept, servesControlSocket: servesControlSocket, skipping: skip
    )
  }

  var runs: [String: ProbeRun] { coordinator.store.runs }

  func waitForRun(_ name: String, within seconds: Double = 30, _ condition: @escaping @Sendable (ProbeRun) -> Bool) async throws {
    try await eventually("run \(name)", within: seconds) { coordinator.store.runs[name].map(condition) == true }
  }
}
