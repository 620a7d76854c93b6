#if canImport(Glibc)
import Glibc
import SwitchyardDurability
#endif
import ComposableArchitecture
import Foundation
import SwitchyardJournal
import SwitchyardDiagnostics
import SwitchyardRuntime
import SwitchyardWire

/// What journaling costs a busy coordinator: `process.pipelined` through two coordinators at once,
/// one journaling every action (`--fsync batch`, the default) and one not, their windows
/// alternated so load drift weighs on both alike; the headline is journaled time over plain time,
/// a journaled window lasting until its records are appended.
///
/// Two cases: `journal.ingress-overhead` sends the probe actions as a client's JSON, the path real
/// traffic takes (the control socket, the inspector), so every record is bytes that arrived, the
/// workers' outputs included; `journal.pipelined-overhead` creates them as Swift values in-process,
/// which the journal encodes through `Codable`.
///
/// Each side goes first in every other round: with the same order every round, two identical
/// plain coordinators measured 1.08x, the second one paying for what the first left behind.
enum JournalOverheadBenchmarks {
  static func cases(launch: WorkerLaunch) -> [BenchmarkCase] {
    [
      overhead(
        name: "journal.ingress-overhead",
        summary: "process.pipelined (1 worker), actions arriving as a client's JSON, every action journaled, over the same "
          + "without a journal",
        target: .atMostRatio(1.15), launch: launch, arrival: .clientJSON
      ),
      overhead(
        name: "journal.pipelined-overhead",
        summary: "process.pipelined (1 worker), actions made in-process, every action journaled, over the same without a journal",
        target: .atMostRatio(1.35), launch: launch, arrival: .inProcess
      ),
    ]
  }

  static func overhead(
    name: String, summary: String, target: BenchmarkTarget, launch: WorkerLaunch, arrival: PipelineArrival
  ) -> BenchmarkCase {
    BenchmarkCase(name: name, summary: summary, target: target) { harness in
      let window = harness.mode == .full ? 1_024 : 64
      // 160 rounds of 1,024 effects, about 4 s a case: at 40, ten runs in a row spread over an
      // interquartile range of 0.05 of the ratio, at 160 over 0.02.
      let rounds = harness.mode == .full ? 160 : 1
      let base = NSTemporaryDirectory() + "switchyard-bench-journal-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      defer { try? FileManager.default.removeItem(atPath: base) }
      let (journal, _) = try ActionJournal.open(
        directory: base + "/data",
        options: JournalOptions(),
        policy: SnapshotPolicy(),
        replay: ActionReplay(ProbeFeature()),
        initialState: ProbeFeature.State(),
        log: { _ in }
      )
      let plain = PipelineCoordinator(ProbeFeature(), runDirectory: base + "/plain", launch: launch, window: window)
      let journaled = PipelineCoordinator(
        JournaledReducer(ProbeFeature(), journal: journal), runDirectory: base + "/journaled", launch: launch, window: window
      )
      defer { journal.close() }
      var times = (plain: 0.0, journaled: 0.0)
      var cpu = (plain: 0.0, journaled: 0.0)
      // The process's CPU less the journal's own threads': where the journal's bookkeeping per action runs.
      var mainCPU = (plain: 0.0, journaled: 0.0)
      // The worker's CPU beside each coordinator's: on two saturated cores the wall ratio follows
      // the whole machine's CPU, not the coordinator's alone.
      var workerCPU: (plain: Double?, journaled: Double?) = (0, 0)
      // How long journaled windows waited for their last records after the effects had answered.
      var tail = 0.0
      do {
        try await plain.start()
        try await journaled.start()
        // One window each first, uncounted, to warm both sides.
        _ = try await plain.pipeline(window: window, tag: "warm", arrival: arrival)
        _ = try await journaled.pipeline(window: window, tag: "warm", arrival: arrival)
        try Self.waitUntilEncoded(journal)
        let workers = (plain: plain.workerPIDs, journaled: journaled.workerPIDs)
        @MainActor func timePlain(_ round: Int) async throws {
          // Read outside the coordinator's CPU window: listing `/proc` is no cost of either side.
          let workerStart = ChildCPUTime.nanoseconds(of: workers.plain)
          let cpuStart = ProcessCPUTime.nanoseconds()
          let journalStart = ThreadCPUTime.nanoseconds(ofThreadsNamed: ThreadCPUTime.journalThreads)
          times.plain += try await plain.pipeline(window: window, tag: "\(round)", arrival: arrival)
          let journalThreads = ThreadCPUTime.nanoseconds(ofThreadsNamed: ThreadCPUTime.journalThreads) - journalStart
          let process = ProcessCPUTime.nanoseconds() - cpuStart
          cpu.plain += process
          mainCPU.plain += process - journalThreads
          workerCPU.plain = Self.sum(workerCPU.plain, ChildCPUTime.nanoseconds(of: workers.plain, since: workerStart))
        }
        @MainActor func timeJournaled(_ round: Int) async throws {
          let workerStart = ChildCPUTime.nanoseconds(of: workers.journaled)
          let cpuStart = ProcessCPUTime.nanoseconds()
          let journalStart = ThreadCPUTime.nanoseconds(ofThreadsNamed: ThreadCPUTime.journalThreads)
          // Timed as the plain window is, from the first send: the driver's making of the
          // window's actions and its check of their outcomes are no cost of either side. Timed
          // from before the call, a window of client JSON counted 2 ms of the driver's encoding
          // on the journaled side alone, a fifth of a plain window.
          let answering = try await journaled.pipeline(window: window, tag: "\(round)", arrival: arrival)
          // The window lasts until its records are journaled: work left for after it would, under
          // sustained load, take its turn on the same CPUs. Those still gathering go at once, as
          // the next window's would have made them go, encoded by the main actor, which would only
          // wait for them: polling for them added the poll's period and a timer's wake to every
          // window, and waiting for the encoding thread its wait for a CPU.
          let answered = ContinuousClock.now
          try Self.waitUntilEncoded(journal)
          let waited = answered.duration(to: .now).nanoseconds
          tail += waited
          times.journaled += answering + waited
          let journalThreads = ThreadCPUTime.nanoseconds(ofThreadsNamed: ThreadCPUTime.journalThreads) - journalStart
          let process = ProcessCPUTime.nanoseconds() - cpuStart
          cpu.journaled += process
          mainCPU.journaled += process - journalThreads
          workerCPU.journaled = Self.sum(workerCPU.journaled, ChildCPUTime.nanoseconds(of: workers.journaled, since: workerStart))
        }
        for round in 0..<rounds {
          if round.isMultiple(of: 2) {
            try await timePlain(round)
            try await timeJournaled(round)
          } else {
            try await timeJournaled(round)
            try await timePlain(round)
          }
        }
      } catch {
        await plain.shutdown()
        await journaled.shutdown()
        throw error
      }
      await plain.shutdown()
      await journaled.shutdown()
      let effects = Double(window * rounds)
      let encoding = arrival == .inProcess ? try await Self.actionEncodingNanoseconds(harness) : nil
      let status = journal.journal.status
      return BenchmarkMeasurement(
        value: times.journaled / times.plain,
        unit: .ratio,
        note: "\(BenchmarkUnit.perSecond.format(effects / (times.journaled / 1e9))) journaled, "
          + "\(BenchmarkUnit.perSecond.format(effects / (times.plain / 1e9))) plain; "
          + "coordinator CPU \(fixed(cpu.journaled / effects / 1e3, digits: 2)) µs per effect journaled, "
          + "\(fixed(cpu.plain / effects / 1e3, digits: 2)) µs plain (\(fixed(cpu.journaled / cpu.plain, digits: 2))×); "
          + Self.machineNote(Self.machineCPU(coordinator: cpu, workers: workerCPU, effects: effects), encoding: encoding)
          + "outside the journal's threads (the main actor's share) \(fixed(mainCPU.journaled / effects / 1e3, digits: 2)) µs per "
          + "effect journaled, \(fixed(mainCPU.plain / effects / 1e3, digits: 2)) µs plain: "
          + "\(fixed((mainCPU.journaled - mainCPU.plain) / effects / 1e3, digits: 3)) µs of journaling per effect, "
          + "\(fixed((mainCPU.journaled - mainCPU.plain) / (Double(status.lastSequence) * Double(rounds) / Double(rounds + 1)), digits: 0)) ns "
          + "per record; "
          + "\(status.lastSequence) records in \(status.syncCount) fsyncs; "
          + "\(fixed(tail / times.journaled * 100, digits: 1)) % of the journaled time waiting for the last records; "
          + "windows of \(window); unpinned"
      )
    }
  }

  /// The nanoseconds the journal's encoder takes to encode one `start` action through `Codable`,
  /// timed as every case is: the part of the ratio no record path can avoid while the
  /// application's actions are only `Codable`.
  private static func actionEncodingNanoseconds(_ harness: BenchmarkHarness) async throws -> Double {
    let action = ProbeFeature.Action.start(name: "p512", job: ProbeJob(tag: "20-512"), cancelInFlight: false)
    let encoder = WireJSONEncoder()
    var buffer: [UInt8] = []
    let sample = try await harness.measure { operations in
      for _ in 0..<operations {
        buffer.removeAll(keepingCapacity: true)
        try encoder.encode(action, appendingTo: &buffer)
      }
    }
    blackHole(buffer.count)
    return sample.medianNanoseconds
  }

  /// Returns once every action `journal` numbered so far is appended; throws if its encoding failed.
  @MainActor
  private static func waitUntilEncoded(_ journal: ActionJournal) throws {
    journal.encodeGatheredNow()
    // Not `journal.status`, which lists the data directory: read inside the timed window, that
    // listing was counted as the journal's cost.
    let appended = journal.journal.lastSequence
    guard appended >= journal.lastSequence else {
      throw JournalBenchmarkError.notEncoded(lastAppended: appended, lastReduced: journal.lastSequence)
    }
  }

  /// `total` plus `window`, or `nil` once any window's reading is missing.
  private static func sum(_ total: Double?, _ window: Double?) -> Double? {
    guard let total, let window else { return nil }
    return total + window
  }

  /// The coordinator's and the worker's CPU per effect together, each side, or `nil` when a
  /// worker's reading is missing.
  private static func machineCPU(
    coordinator: (plain: Double, journaled: Double),
    workers: (plain: Double?, journaled: Double?),
    effects: Double
  ) -> (plain: Double, journaled: Double)? {
    guard let plainWorker = workers.plain, let journaledWorker = workers.journaled else { return nil }
    return ((coordinator.plain + plainWorker) / effects, (coordinator.journaled + journaledWorker) / effects)
  }

  /// The machine's CPU per effect, each side, and what encoding the in-process action costs beside
  /// it, if it was made in-process, as the note says them: on two saturated cores the wall ratio
  /// follows the machine's CPU.
  private static func machineNote(_ machine: (plain: Double, journaled: Double)?, encoding: Double?) -> String {
    var note = ""
    if let machine {
      note += "with the worker \(fixed(machine.journaled / 1e3, digits: 2)) µs journaled, "
        + "\(fixed(machine.plain / 1e3, digits: 2)) µs plain (\(fixed(machine.journaled / machine.plain, digits: 2))×); "
    }
    guard let encoding else { return note }
    note += "encoding the in-process `start` action through Codable alone \(fixed(encoding / 1e3, digits: 2)) µs per effect"
    if let machine { note += " (\(fixed(encoding / machine.plain, digits: 3)) of the plain machine CPU)" }
    return note + "; "
  }
}
