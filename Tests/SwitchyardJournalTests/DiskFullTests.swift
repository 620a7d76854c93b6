import Foundation
import Synchronization
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// A full disk stalls the journal instead of stopping it: the failed write is undone, records wait
/// in memory, and the journal writes them on its own once space frees. On a real tmpfs, so the
/// `ENOSPC` is the kernel's.
@Suite(.enabled(if: SmallDisk.isAvailable, "needs root to mount a small tmpfs"), .onAThreadOfItsOwn)
struct DiskFullTests {
  /// Whether `sequence` became durable, heard from the writer thread.
  final class Durable: Sendable {
    private let result = Mutex<Result<Void, JournalError>?>(nil)
    var outcome: Result<Void, JournalError>? { result.withLock { $0 } }
    init(_ journal: Journal, _ sequence: UInt64) {
      journal.whenDurable(sequence) { [self] outcome in result.withLock { $0 = outcome } }
    }
  }

  static let largePayload = [UInt8](repeating: 0x42, count: 64 << 10)

  @Test func aFullDiskStallsWritesWhichResumeOnTheirOwnAndLoseNothing() async throws {
    let disk = try SmallDisk(megabytes: 4)
    defer { disk.remove() }
    let directory = disk.path + "/data"
    let log = LogLines()
    let options = JournalOptions(durability: .always, log: log.append)
    var journal = try Journal.open(directory: directory, options: options) { _ in }
    for index in 1...10 { try await journal.waitUntilDurable(try journal.append(payload(index))) }
    let segment = directory + "/segment-00000000000000000001.log"
    let sizeBefore = try #require(try FileManager.default.attributesOfItem(atPath: segment)[.size] as? Int)

    disk.fill()
    let eleventh = Durable(journal, try journal.append(Self.largePayload))
    try await eventually("the journal to stall") { journal.stall != nil }
    #expect(journal.stall?.isOutOfSpace == true)
    #expect(log.lines.contains { $0.contains("tries again") })
    // Appends go on in memory; nothing partial is left in the segment; a snapshot refuses at once.
    let twelfth = Durable(journal, try journal.append(payload(12)))
    #expect(try FileManager.default.attributesOfItem(atPath: segment)[.size] as? Int == sizeBefore)
    await #expect(throws: JournalError.self) { try await journal.snapshot(through: 11) { [] } }
    #expect(eleventh.outcome == nil && twelfth.outcome == nil)

    disk.free()
    try await eventually("the stalled records to be written") { twelfth.outcome != nil }
    #expect(eleventh.outcome.map { (try? $0.get()) != nil } == true)
    #expect(journal.stall == nil)
    #expect(log.lines.contains { $0.contains("writes again") })
    journal.close()

    var replayed: [UInt64] = []
    journal = try Journal.open(directory: directory) { replayed.append($0.sequence) }
    journal.close()
    #expect(replayed == Array(1...12))
  }

  @Test func closingAStalledJournalGivesUpOnWhatItHeldAndKeepsWhatWasDurable() async throws {
    let disk = try SmallDisk(megabytes: 4)
    defer { disk.remove() }
    let directory = disk.path + "/data"
    let journal = try Journal.open(directory: directory, options: JournalOptions(durability: .always)) { _ in }
    try await journal.waitUntilDurable(try journal.append(payload(1)))
    disk.fill()
    let second = Durable(journal, try journal.append(Self.largePayload))
    try await eventually("the journal to stall") { journal.stall != nil }
    try await withTimeout(120, "close") { journal.close() }
    #expect(second.outcome.map { (try? $0.get()) == nil } == true)

    disk.free()
    var replayed: [UInt64] = []
    let reopened = try Journal.open(directory: directory) { replayed.append($0.sequence) }
    reopened.close()
    #expect(replayed == [1])
  }
}
