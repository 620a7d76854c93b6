import Foundation
import Synchronization
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// The journal's faults as an operator meets them, on the built `switchyard`: a lost segment, a
/// damaged one repaired, a crash loop, and a full disk (issue 32, items 3, 4, 6 and 10).
extension DurabilityTests {
  static let firstSegment = "segment-00000000000000000001.log"

  func names(_ count: Int, _ prefix: String) -> [String] {
    (1...count).map { "\(prefix)\($0)" }
  }

  /// Kills the coordinator as a crash would: no snapshot at shutdown covers its records.
  func crash(_ coordinator: TestProcess) async throws {
    kill(coordinator.pid, SIGKILL)
    _ = try await coordinator.exitStatus(within: 30)
  }

  /// Whether no effect runs or waits on the coordinator in `directory`, and every record it
  /// journaled is on disk.
  static func journalIsDurable(_ directory: Directory) -> Bool {
    guard case let .statusReport(_, status)? = try? ControlClient(runDirectory: directory.path).request(.status(id: 1)),
      let journal = status.journal
    else { return false }
    return status.pools.allSatisfy { $0.busy == 0 && $0.queued == 0 } && journal.durableSequence == journal.lastSequence
  }

  @Test func aSegmentLostBeforeAnySnapshotStopsStartInsteadOfServingAnEmptyState() async throws {
    let directory = Directory()
    let coordinator = try await startCoordinator(directory)
    defer { coordinator.stop() }
    try send(names(300, "s"), to: directory)
    try await crash(coordinator)
    try FileManager.default.removeItem(atPath: directory.data + "/" + Self.firstSegment)

    let refused = try await switchyard("start", "--pools", "probe=0", "--run-dir", directory.path)
    #expect(refused.status == 78, "EX_CONFIG: the data directory needs an operator")
    #expect(!refused.errorOutput.contains("(empty)"), "\(refused.errorOutput)")
    #expect(refused.errorOutput.contains("has lost journal records"), "\(refused.errorOutput)")
    #expect(refused.errorOutput.contains("--repair"), "\(refused.errorOutput)")

    let repaired = try await startCoordinator(directory, ["--repair"])
    defer { repaired.stop() }
    #expect(repaired.errorOutput.contains("Repaired"), "\(repaired.errorOutput)")
    #expect(await repaired.terminate() == 0)
  }

  @Test func repairSetsTheDamagedTailAsideAndHistoryListsItsRecords() async throws {
    let directory = Directory()
    let coordinator = try await startCoordinator(directory)
    defer { coordinator.stop() }
    let sent = names(300, "r")
    try send(sent, to: directory)
    try await crash(coordinator)

    // One byte flipped in the middle of the segment.
    let segment = directory.data + "/" + Self.firstSegment
    let original = try #require(FileManager.default.contents(atPath: segment))
    var bytes = original
    let middle = bytes.count / 2
    bytes[middle] ^= 0x01
    #expect(FileManager.default.createFile(atPath: segment, contents: bytes))

    let repaired = try await startCoordinator(directory, ["--repair"])
    defer { repaired.stop() }
    let kept = runNames(try state(directory))
    #expect(await repaired.terminate() == 0)
    let setAside = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.data).first { $0.hasSuffix(".damaged") })
    #expect(repaired.errorOutput.contains(setAside), "\(repaired.errorOutput)")
    // The segment up to the cut, then the set-aside bytes, are the damaged segment: every byte
    // that was cut is in the set-aside file.
    let cut = try #require(FileManager.default.contents(atPath: directory.data + "/" + setAside))
    let left = try #require(FileManager.default.contents(atPath: segment))
    let cutAt = bytes.count - cut.count
    // The cut is where the record holding the flipped byte begins: its header's length field,
    // read before the flip, says where that record ends (a 24-byte header, then the payload).
    let length = original[cutAt..<cutAt + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
    #expect(cutAt <= middle && middle < cutAt + 24 + length, "cut at \(cutAt), record of \(length) bytes, flipped byte at \(middle)")
    #expect(left.prefix(cutAt) == bytes.prefix(cutAt))
    #expect(cut == bytes.suffix(cut.count))

    // history reads the records after the damage back from the set-aside file.
    let listing = try await switchyard("history", "--set-aside", directory.data + "/" + setAside, "--json")
    #expect(listing.status == 0, "\(listing.errorOutput)")
    let listed = Set(sent.filter { listing.output.contains("\"name\":\"\($0)\"") })
    #expect(kept.count + listed.count == sent.count - 1, "one action, the damaged record's, is lost; \(listing.errorOutput)")
    #expect(kept.isDisjoint(with: listed))
  }

  /// With a worker, so every run ends before the crash: no effect in flight sends recovery back
  /// before the snapshot (proto/JOURNAL.md, "Effects across a crash").
  @Test func aRecoveryThatReplayedPastTheBoundSnapshotsSoTheNextReplaysNothing() async throws {
    let directory = Directory()
    let options = ["--snapshot-after-replay", "50"]
    let first = try await startCoordinator(directory, options, pools: "probe=1")
    defer { first.stop() }
    let sent = names(60, "c")
    try send(sent, to: directory)
    try await eventually("every run to finish", within: 20) {
      guard case let .object(runs)? = try? state(directory)[dottedPath: "runs"] else { return false }
      return runs.count == sent.count && runs.values.allSatisfy { $0[dottedPath: "outcome"] == .string("finished") }
    }
    // An effect's events are not acknowledged: the last run's may still be on their way to the disk
    // when the state shows it finished, and a crash then would leave it in flight for recovery.
    try await eventually("every run's records to reach the disk") { Self.journalIsDurable(directory) }
    try await crash(first)

    let second = try await startCoordinator(directory, options, pools: "probe=1")
    defer { second.stop() }
    let replayed = try #require(second.errorOutput.firstMatch(of: /plus (\d+) replayed/).flatMap { Int($0.1) }, "\(second.errorOutput)")
    #expect(replayed > 50)
    try await second.waitForErrorOutput("the note of the snapshot after recovery") { $0.contains("taking a snapshot") }
    try await eventually("the snapshot after recovery") {
      (try? FileManager.default.contentsOfDirectory(atPath: directory.data))?.contains { $0.hasSuffix(".snap") && !$0.hasSuffix("00000000.snap") } == true
    }
    // Effects the recovery restarted that are still running at the crash would send the next
    // recovery back before them, to make them again: let them end, and their ends reach the disk.
    try await eventually("the restarted effects to end, durably") { Self.journalIsDurable(directory) }
    try await crash(second)

    let third = try await startCoordinator(directory, options, pools: "probe=1")
    defer { third.stop() }
    #expect(third.errorOutput.contains("the snapshot of action \(replayed) plus 0 replayed"), "\(third.errorOutput)")
    #expect(runNames(try state(directory)) == Set(sent))
    #expect(await third.terminate() == 0)
  }

  /// A client sending `held-1`, `held-2`… on a thread of its own, each once the one before was
  /// answered: under `--fsync always` an answer waits until the action is on disk, so on a full
  /// disk the sends stop at the first whose record needs a new block, until space frees.
  final class HeldSends: Sendable {
    private let progress = Mutex<(acknowledged: [String], failure: ControlMessage?)>(([], nil))
    var acknowledged: [String] { progress.withLock { $0.acknowledged } }
    var failure: ControlMessage? { progress.withLock { $0.failure } }

    init(count: Int, to directory: Directory) {
      let runDirectory = directory.path
      Thread.detachNewThread { [self] in
        guard let client = try? ControlClient(runDirectory: runDirectory) else { return }
        for index in 1...count {
          let name = "held-\(index)"
          let reply = try? client.request(.send(id: UInt64(index + 1), action: DurabilityTests.startAction(name)))
          guard case .sent? = reply else { return progress.withLock { $0.failure = reply } }
          progress.withLock { $0.acknowledged.append(name) }
        }
      }
    }
  }

  func journalFailure(_ directory: Directory) -> String? {
    guard case let .statusReport(_, report)? = try? ControlClient(runDirectory: directory.path).request(.status(id: 1)) else { return nil }
    return report.journal?.failure
  }

  @Test(.enabled(if: SmallDisk.isAvailable, "needs root to mount a small tmpfs"))
  func aFullDiskRefusesSendsBeforeReducingThemAndTheJournalResumesOnItsOwn() async throws {
    let directory = Directory()
    let disk = try SmallDisk(megabytes: 4)
    defer { disk.remove() }
    let dataDirectory = ["--data-dir", disk.path + "/data"]
    let coordinator = try await startCoordinator(directory, dataDirectory)
    defer { coordinator.stop() }
    try send(["a", "b"], to: directory)

    disk.fill()
    // Reduced before the journal knew it could not write them: answered once they are on disk.
    let held = HeldSends(count: 200, to: directory)
    try await eventually("status to show the stall") { journalFailure(directory)?.contains("tries again") == true }
    let acknowledgedBeforeSpaceFreed = held.acknowledged
    #expect(acknowledgedBeforeSpaceFreed.count < 200 && held.failure == nil)
    let client = try ControlClient(runDirectory: directory.path)
    let refused = try client.request(.send(id: 3, action: Self.startAction("refused")))
    guard case let .error(_, code, message) = refused else { throw TimedOut(what: "journalFailed, got \(refused)") }
    #expect(code == .journalFailed)
    #expect(message.contains("not applied"), "\(message)")
    #expect(!runNames(try state(directory)).contains("refused"), "a refused action changed the live state")

    disk.free()
    try await eventually("the held sends to be answered", within: 30) { held.acknowledged.count == 200 || held.failure != nil }
    #expect(held.failure == nil, "\(String(describing: held.failure))")
    #expect(journalFailure(directory) == nil)
    try send(["after"], to: directory)
    try await crash(coordinator)

    let restarted = try await startCoordinator(directory, dataDirectory)
    defer { restarted.stop() }
    #expect(runNames(try state(directory)) == Set(["a", "b", "after"] + held.acknowledged))
    #expect(await restarted.terminate() == 0)
  }

  /// Small segments and one snapshot kept, snapshotted every 20 actions: what recovery needs is the
  /// last few segments; history keeps the rest by its own retention, unless told to keep nothing.
  func journalOfSmallSegments(_ directory: Directory, _ retention: [String]) async throws {
    let options = ["--segment-size", "1KiB", "--snapshot-every", "20", "--snapshots-kept", "1"] + retention
    let coordinator = try await startCoordinator(directory, options)
    defer { coordinator.stop() }
    try send(names(100, "h"), to: directory)
    #expect(await coordinator.terminate() == 0)
    let segments = try FileManager.default.contentsOfDirectory(atPath: directory.data).filter { $0.hasSuffix(".log") }
    #expect(segments.count > 1, "\(segments)")
  }

  /// `backup` copies damage that a later snapshot covers and says so, rather than refusing: the
  /// copy recovers the whole state, as the source does.
  @Test func aBackupOfDamageALaterSnapshotCoversSucceedsAndWarns() async throws {
    let directory = Directory()
    // Snapshots every 100 actions: the middle of the first segment is well before the last.
    let coordinator = try await startCoordinator(directory, ["--snapshot-every", "100"])
    defer { coordinator.stop() }
    try send(names(300, "b"), to: directory)
    #expect(await coordinator.terminate() == 0)
    let segment = directory.data + "/" + Self.firstSegment
    var bytes = try #require(FileManager.default.contents(atPath: segment))
    bytes[bytes.count / 2] ^= 0x01
    #expect(FileManager.default.createFile(atPath: segment, contents: bytes))

    let copy = directory.path + "/backup"
    let backup = try await switchyard("backup", "--data-dir", directory.data, copy)
    #expect(backup.status == 0, "\(backup.errorOutput)")
    #expect(backup.errorOutput.contains("warning: the backup holds the data directory's damage."), "\(backup.errorOutput)")
    #expect(backup.errorOutput.contains(Self.firstSegment), "\(backup.errorOutput)")
    #expect(backup.output.hasPrefix("backed up records 1–"), "\(backup.output)")
    #expect(FileManager.default.contents(atPath: copy + "/" + Self.firstSegment) == bytes)
  }

  @Test func historyReachesBackPastTheSnapshotsKept() async throws {
    let directory = Directory()
    try await journalOfSmallSegments(directory, [])
    let listing = try await switchyard("history", "--run-dir", directory.path, "--from", "1", "--limit", "3")
    #expect(listing.status == 0, "\(listing.errorOutput)")
    #expect(listing.output.split(separator: "\n").first?.trimmingCharacters(in: .whitespaces).hasPrefix("1 ") == true, "\(listing.output)")
    #expect(!listing.errorOutput.contains("history starts at"), "\(listing.errorOutput)")
    let early = try await switchyard("history", "--run-dir", directory.path, "--at", "5", "--state", "runs")
    #expect(early.status == 0, "\(early.errorOutput)")
    #expect(Set(names(5, "h")).allSatisfy { early.output.contains("\"\($0)\"") }, "\(early.output)")
  }

  @Test func aListingFromBeforeWhatRetentionKeptSaysWhereHistoryStarts() async throws {
    let directory = Directory()
    try await journalOfSmallSegments(directory, ["--history-retention", "0s", "--history-max-size", "0"])
    let listing = try await switchyard("history", "--run-dir", directory.path, "--from", "9", "--limit", "3")
    #expect(listing.status == 0, "\(listing.errorOutput)")
    let start = try #require(listing.errorOutput.firstMatch(of: /history starts at #(\d+): older records were removed by retention/))
    let first = try #require(UInt64(start.1))
    #expect(first > 9)
    #expect(listing.output.split(separator: "\n").first?.trimmingCharacters(in: .whitespaces).hasPrefix("\(first) ") == true, "\(listing.output)")
  }
}
