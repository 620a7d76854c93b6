import Foundation
import SwitchyardCLI
import SwitchyardWire
import Testing

/// The `status` samples in the README and the guides are what `status` prints: each is rendered
/// again from the numbers it shows, so a change to the report's lines or columns fails here until
/// the samples are taken again.
struct StatusSampleTests {
  @Test func theDemosSampleInTheReadmeAndTheOperationsGuideIsWhatStatusPrints() throws {
    let report = StatusReport(
      coordinator: Self.coordinator(20380, "/tmp/sydemo/.switchyard", up: 7, stateBytes: 1_640, actions: 14, perSecond: 1),
      pools: [
        Self.pool("pagination", size: 2, completed: 1, latencyMicros: 285_000),
        Self.pool("search", size: 2),
        Self.pool("websocket", size: 1, busy: 1),
      ],
      workers: [
        WorkerStatus(pid: 20398, kind: "pagination", state: "ready", inFlight: 0, lastHeartbeatMillisAgo: 746),
        WorkerStatus(pid: 20400, kind: "pagination", state: "ready", inFlight: 0, completed: 1, lastHeartbeatMillisAgo: 746),
        WorkerStatus(pid: 20394, kind: "search", state: "ready", inFlight: 0, lastHeartbeatMillisAgo: 747),
        WorkerStatus(pid: 20396, kind: "search", state: "ready", inFlight: 0, lastHeartbeatMillisAgo: 747),
        WorkerStatus(pid: 20392, kind: "websocket", state: "ready", inFlight: 1, lastHeartbeatMillisAgo: 797),
      ],
      journal: JournalReport(
        dataDir: ".switchyard/data", fsync: "batch", bytes: 2_765, lastSequence: 15, durableSequence: 14,
        lastSyncMicros: 7_600, syncCount: 9, snapshotSequence: 0, dataVersion: 1, oldestDataVersion: 1
      )
    )
    let printed = StatusView(report).render(colored: false)
    let readme = try String(contentsOfFile: OwnAppFixture.repository + "/README.md", encoding: .utf8)
    #expect(try Self.sample(after: "$ switchyard status", in: readme) == Self.trimmed(printed))
    #expect(try Self.sample(after: "$ switchyard status", in: Documentation.article("Operations")) == Self.trimmed(printed))
  }

  @Test func theRecoveredDemosSampleInTheDurabilityGuideIsWhatStatusPrints() throws {
    let report = StatusReport(
      coordinator: Self.coordinator(21798, "/tmp/sy", up: 5, stateBytes: 3_380, actions: 11, perSecond: 1),
      pools: [],
      workers: [],
      journal: JournalReport(
        dataDir: "/tmp/sy/data", fsync: "always", bytes: 6_246, lastSequence: 31, durableSequence: 31,
        lastSyncMicros: 379, syncCount: 31, snapshotSequence: 0, dataVersion: 1, oldestDataVersion: 1
      )
    )
    let guide = try Documentation.article("DurabilityAndHistory")
    #expect(try Self.sample(after: "$ NO_COLOR=1 switchyard status --run-dir /tmp/sy | head -4", in: guide) == Self.firstFour(StatusView(report)))
  }

  @Test func theOwnApplicationsSampleInItsGuideIsWhatStatusPrints() throws {
    let report = StatusReport(
      coordinator: Self.coordinator(11179, "/tmp/readme-docs/.switchyard", up: 6, stateBytes: 123, actions: 3, perSecond: 0),
      pools: [
        Self.pool("headline", size: 1, completed: 1, latencyMicros: 16_800),
        Self.pool("wordcount", size: 2, completed: 1, latencyMicros: 2_800),
      ],
      workers: [
        WorkerStatus(pid: 11205, kind: "headline", state: "ready", inFlight: 0, completed: 1, lastHeartbeatMillisAgo: 999),
        WorkerStatus(pid: 11201, kind: "wordcount", state: "ready", inFlight: 0, completed: 1, lastHeartbeatMillisAgo: 57),
        WorkerStatus(pid: 11203, kind: "wordcount", state: "ready", inFlight: 0, lastHeartbeatMillisAgo: 53),
      ],
      journal: JournalReport(
        dataDir: ".switchyard/data", fsync: "batch", bytes: 514, lastSequence: 5, durableSequence: 5,
        lastSyncMicros: 3_800, syncCount: 5, snapshotSequence: 0, dataVersion: 1, oldestDataVersion: 1
      )
    )
    let printed = StatusView(report, applicationName: "documents").render(colored: false)
    let guide = try Documentation.article("YourOwnApplication")
    #expect(try Self.sample(after: "$ .build/debug/documents status", in: guide) == Self.trimmed(printed))
  }

  @Test func theUpgradedApplicationsSampleInTheUpgradeGuideIsWhatStatusPrints() throws {
    let report = StatusReport(
      coordinator: Self.coordinator(12410, "/tmp/documents/.switchyard", up: 3, stateBytes: 164, actions: 1, perSecond: 0),
      pools: [],
      workers: [],
      journal: JournalReport(
        dataDir: ".switchyard/data", fsync: "batch", bytes: 1_342, lastSequence: 9, durableSequence: 9,
        lastSyncMicros: 2_900, syncCount: 2, snapshotSequence: 8, dataVersion: 2, oldestDataVersion: 1
      )
    )
    let guide = try Documentation.article("UpgradingYourApplication")
    #expect(try Self.sample(after: "$ documents status | head -4", in: guide) == Self.firstFour(StatusView(report, applicationName: "documents")))
  }

  /// What `status | head -4` prints: the coordinator's and the journal's lines.
  private static func firstFour(_ view: StatusView) -> String {
    view.render(colored: false).split(separator: "\n").prefix(4).joined(separator: "\n")
  }

  /// A coordinator of version 0.1.0.
  private static func coordinator(
    _ pid: Int32, _ runDir: String, up: Double, stateBytes: Int, actions: UInt64, perSecond: Double
  ) -> CoordinatorStatus {
    CoordinatorStatus(
      pid: pid, version: "0.1.0", runDir: runDir, uptimeSeconds: up, stateBytes: stateBytes, actionsTotal: actions,
      actionsPerSecond: perSecond
    )
  }

  /// A healthy local pool at its size.
  private static func pool(_ kind: String, size: Int, busy: Int = 0, completed: UInt64 = 0, latencyMicros: Int64 = 0) -> PoolStatus {
    PoolStatus(
      kind: kind, size: size, target: size, busy: busy, queued: 0, completed: completed, failed: 0, retried: 0, restarts: 0,
      latencyP50Micros: latencyMicros, latencyP99Micros: latencyMicros, health: "healthy"
    )
  }

  /// What a session in `text` shows after the line `command`: up to the next command or the end
  /// of the block, without trailing blank lines.
  private static func sample(after command: String, in text: String) throws -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0 == command }, "no `\(command)` in the sample") + 1
    let end = lines[start...].firstIndex { $0.hasPrefix("$ ") || $0.hasPrefix("```") } ?? lines.endIndex
    return trimmed(lines[start..<end].joined(separator: "\n"))
  }

  private static func trimmed(_ text: String) -> String {
    String(text.reversed().drop { $0 == "\n" }.reversed())
  }
}
