import Foundation
import SwitchyardJournal
import SwitchyardWire

/// The coordinator's journal on this machine's disk: appends under `batch`, group-committed
/// appends under `always`, and recovery of a long journal after a snapshot.
enum JournalBenchmarks {
  static var cases: [BenchmarkCase] {
    [appendBatch, appendAlways, recovery]
  }

  /// A journal record as the coordinator writes one: a session's search keystroke, nothing recorded.
  static let payload = Array(
    #"{"action":{"sessions":{"element":{"id":"session-42","action":{"search":{"searchQueryChanged":"composable"}}}}},"dependencies":{}}"#.utf8
  )

  /// Appends from one caller under the default `batch` durability, timed until the last is fsynced.
  static let appendBatch = BenchmarkCase(
    name: "journal.append.batch",
    summary: "actions journaled per second, batch durability (10 ms), until fsynced",
    target: .atLeastPerSecond(200_000)
  ) { harness in
    let count = harness.mode == .full ? 1_000_000 : 20_000
    let rates = try await withJournal(durability: .default) { journal in
      var rates: [Double] = []
      for _ in 0..<(harness.mode == .full ? 3 : 1) {
        let seconds = try await timed {
          var last: UInt64 = 0
          for _ in 0..<count { last = try journal.append(payload) }
          try await journal.waitUntilDurable(last)
        }
        rates.append(Double(count) / seconds)
      }
      return rates
    }
    return BenchmarkMeasurement(
      value: median(rates),
      unit: .perSecond,
      note: "median of \(rates.count) runs of \(count) appends of \(payload.count) B"
    )
  }

  /// Sixteen senders each waiting for its record to be fsynced before sending the next.
  static let appendAlways = BenchmarkCase(
    name: "journal.append.always.16-appenders",
    summary: "actions journaled per second, always durability, 16 appenders sharing fsyncs",
    target: .atLeastPerSecond(10_000)
  ) { harness in
    let appenders = 16
    let each = harness.mode == .full ? 500 : 10
    let (rate, syncs) = try await withJournal(durability: .always) { journal in
      (try await appendRate(journal, appenders: appenders, each: each), journal.status.syncCount)
    }
    let total = appenders * each
    let rounds = Double(max(syncs, 1))
    // Each round is one write and one fdatasync shared by every appender that was waiting.
    let roundNanoseconds = Double(total) / rate / rounds * 1e9
    return BenchmarkMeasurement(
      value: rate,
      unit: .perSecond,
      note: "\(total) appends in \(syncs) fdatasyncs, \(fixed(Double(total) / rounds, digits: 1)) appends and "
        + "\(BenchmarkUnit.nanoseconds.format(roundNanoseconds)) per fsync round"
    )
  }

  /// Appends per second from `appenders` tasks, each waiting for its record to be durable
  /// before appending the next, `each` times.
  @MainActor
  static func appendRate(_ journal: Journal, appenders: Int, each: Int) async throws -> Double {
    let seconds = try await timed {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<appenders {
          group.addTask {
            for _ in 0..<each { try await journal.waitUntilDurable(try journal.append(payload)) }
          }
        }
        try await group.waitForAll()
      }
    }
    return Double(appenders * each) / seconds
  }

  /// Opening a journal of a snapshot followed by a million records: checking and handing over each.
  static let recovery = BenchmarkCase(
    name: "journal.recover.1M",
    summary: "recovery of a snapshot plus 1M journaled actions",
    target: .atMostNanoseconds(2_000_000_000)
  ) { harness in
    let count = harness.mode == .full ? 1_000_000 : 20_000
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let state = [UInt8](repeating: UInt8(ascii: "s"), count: 256 << 10)
    let writer = try Journal.open(directory: directory, options: JournalOptions(durability: .off(maxDelay: .milliseconds(50)))) { _ in }
    try writer.append(payload)
    try await writer.snapshot(through: 1) { state }
    for _ in 0..<count { try writer.append(payload) }
    writer.close()

    var replayed = 0
    var bytes = 0
    var restored = 0
    let seconds = try await timed {
      let journal = try Journal.open(directory: directory) { restored = $0.state.count } replay: { record in
        replayed += 1
        bytes += record.payload.count
      }
      journal.close()
    }
    guard replayed == count, restored == state.count else {
      throw JournalBenchmarkError.recoveredWrongCount(expected: count, found: replayed)
    }
    // The coordinator also decodes each action; timed apart, since that cost is the codec's.
    let decoder = WireJSONDecoder()
    let decodedSeconds = try await timed {
      let journal = try Journal.open(directory: directory) { _ in } replay: { record in
        blackHole(try decoder.decode(JSONValue.self, from: record.payload))
      }
      journal.close()
    }
    return BenchmarkMeasurement(
      value: seconds * 1e9,
      unit: .nanoseconds,
      note: "\(count) records (\(bytes >> 20) MiB of payload) after a \(state.count >> 10) KiB snapshot, read and checked; "
        + "\(BenchmarkUnit.nanoseconds.format(decodedSeconds * 1e9)) with each payload JSON-decoded"
    )
  }

  @MainActor
  private static func withJournal<R>(durability: Durability, _ body: (Journal) async throws -> R) async throws -> R {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let journal = try Journal.open(directory: directory, options: JournalOptions(durability: durability)) { _ in }
    defer { journal.close() }
    return try await body(journal)
  }

  static func temporaryDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-bench-journal-\(UUID().uuidString)").path
  }

  @MainActor
  static func timed(_ body: () async throws -> Void) async rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    let elapsed = start.duration(to: clock.now).components
    return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
  }

  private static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }
}
