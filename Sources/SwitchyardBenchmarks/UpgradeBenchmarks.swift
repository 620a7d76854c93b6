import ComposableArchitecture
import Foundation
import SwitchyardDurability
import SwitchyardJournal
import SwitchyardRuntime
import SwitchyardWire

/// Upgrading a durable application: recovery of a journal an older version wrote, each action
/// migrated, against the same journal needing none; and `verify` of a long journal. The journal is
/// written by a live ``JournaledReducer``, so its records carry the digests a coordinator records.
enum UpgradeBenchmarks {
  static var cases: [BenchmarkCase] {
    [migratedRecovery, verify]
  }

  /// Version 1 of a counter.
  struct CounterV1: Reducer {
    struct State: Codable, Equatable, Sendable {
      var total = 0
      var last = ""
    }

    enum Action: Codable, Equatable, Sendable {
      case increment(by: Int, note: String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .increment(by, note):
        state.total += by
        state.last = note
      }
      return .none
    }
  }

  /// Version 2: `increment` is `add`; its migration renames the case in version 1's records.
  struct CounterV2: Reducer {
    typealias State = CounterV1.State

    enum Action: Codable, Equatable, Sendable {
      case add(by: Int, note: String)
    }

    static let migrations = [Migration(from: 1, action: { $0.renamingCase("increment", to: "add") })]

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .add(by, note):
        state.total += by
        state.last = note
      }
      return .none
    }
  }

  static let migratedRecovery = BenchmarkCase(
    name: "journal.recover.1M-migrated",
    summary: "recovery of 1M actions an older version journaled, each migrated, over the same needing none",
    target: .atMostRatio(2.0)
  ) { harness in
    let count = harness.mode == .full ? 1_000_000 : 2_000
    let base = JournalBenchmarks.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: base) }
    try await write(count, to: base + "/written")
    try FileManager.default.copyItem(atPath: base + "/written", toPath: base + "/plain")
    try FileManager.default.copyItem(atPath: base + "/written", toPath: base + "/migrated")
    var totals = (plain: 0, migrated: 0)
    let plain = try await JournalBenchmarks.timed {
      let (journal, state) = try open(base + "/plain", replay: ActionReplay(CounterV1()))
      journal.close()
      totals.plain = state.total
    }
    let migrated = try await JournalBenchmarks.timed {
      let (journal, state) = try open(base + "/migrated", replay: ActionReplay(CounterV2(), version: 2, migrations: CounterV2.migrations))
      journal.close()
      totals.migrated = state.total
    }
    guard totals.plain == count, totals.migrated == count else {
      throw JournalBenchmarkError.recoveredWrongCount(expected: count, found: min(totals.plain, totals.migrated))
    }
    return BenchmarkMeasurement(
      value: migrated / plain,
      unit: .ratio,
      note: "\(count) records replayed with their digests checked: \(BenchmarkUnit.nanoseconds.format(migrated * 1e9)) migrated, "
        + "\(BenchmarkUnit.nanoseconds.format(plain * 1e9)) as written"
    )
  }

  static let verify = BenchmarkCase(
    name: "journal.verify.1M",
    summary: "verify of 1M journaled actions: replayed from the snapshot, digests and snapshots compared",
    target: .atMostNanoseconds(3_000_000_000)
  ) { harness in
    let count = harness.mode == .full ? 1_000_000 : 2_000
    let directory = JournalBenchmarks.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await write(count, to: directory)
    var report: VerificationReport?
    // Verify runs on one thread: its CPU time is what it takes on an idle core of a busy machine.
    let cpuStart = ProcessCPUTime.nanoseconds()
    let seconds = try await JournalBenchmarks.timed {
      report = try JournalVerification.verify(directory: directory, replay: ActionReplay(CounterV1()))
    }
    let cpu = ProcessCPUTime.nanoseconds() - cpuStart
    guard let report, report.passed, report.records == count else {
      throw JournalBenchmarkError.recoveredWrongCount(expected: count, found: report?.records ?? 0)
    }
    return BenchmarkMeasurement(
      value: seconds * 1e9,
      unit: .nanoseconds,
      note: "\(report.records) records replayed, \(report.digests) digests compared, \(BenchmarkUnit.nanoseconds.format(cpu)) of CPU"
    )
  }

  /// Journals `count` actions of version 1 through a live journaled store, and stops as a crash
  /// would, with no snapshot since the initial one: recovery replays every record.
  @MainActor
  private static func write(_ count: Int, to directory: String) async throws {
    let (journal, initial) = try open(directory, replay: ActionReplay(CounterV1()))
    let store = Store(initialState: initial) { JournaledReducer(CounterV1(), journal: journal) }
    for index in 0..<count {
      store.send(.increment(by: 1, note: "note \(index % 100)"))
    }
    journal.close()
  }

  @MainActor
  private static func open<Base: Reducer>(
    _ directory: String, replay: ActionReplay<Base>
  ) throws -> (ActionJournal, Base.State) where Base.State == CounterV1.State {
    try ActionJournal.open(
      directory: directory, options: JournalOptions(durability: .off(maxDelay: .milliseconds(50)), segmentSize: 256 << 20),
      policy: SnapshotPolicy(everyActions: nil, every: nil, afterReplaying: nil), replay: replay, initialState: CounterV1.State(),
      log: { _ in }
    )
  }
}
