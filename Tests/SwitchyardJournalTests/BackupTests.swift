import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

@Suite(.onAThreadOfItsOwn) struct BackupTests {
  @Test func aBackupTakenWhileAppendsGoOnHoldsEveryRecordDurableBeforeItAndRecovers() async throws {
    let directory = TemporaryDirectory()
    let destination = TemporaryDirectory()
    defer {
      directory.remove()
      destination.remove()
    }
    let options = JournalOptions(durability: .always, segmentSize: 4_096, snapshotsKept: 2)
    let (journal, _) = try openJournal(directory, options: options)
    try await appendDurably(journal, 1..<200)
    try await journal.snapshot(through: 199) { Array("state 199".utf8) }
    try await appendDurably(journal, 200..<300)

    // Appends and a snapshot go on while the backup copies: it must still be whole.
    let writer = Task {
      for index in 300..<600 { _ = try journal.append(payload(index)) }
      try await journal.snapshot(through: 400) { Array("state 400".utf8) }
    }
    let report = try JournalBackup.copy(from: directory.path, to: destination.path)
    try await writer.value
    journal.close()

    #expect(report.directory == destination.path)
    #expect(report.lastSequence >= 299, "every record durable before the backup began")
    #expect(report.snapshotSequences.contains(199))
    #expect(!destination.names().contains("LOCK"))
    #expect(destination.names().contains("HIGHWATER"), "recovery of the copy checks its segments against it")
    #expect(!FileManager.default.fileExists(atPath: destination.path + ".partial"))

    var restored: JournalSnapshot?
    var replayed: [UInt64] = []
    let recovered = try Journal.open(directory: destination.path) { restored = $0 } replay: { replayed.append($0.sequence) }
    recovered.close()
    let snapshot = try #require(restored)
    #expect(replayed.first == snapshot.sequence + 1)
    #expect(replayed.last == report.lastSequence)
    #expect(replayed == Array((snapshot.sequence + 1)...report.lastSequence))
  }

  /// Damage a later snapshot covers is copied as it is and reported: the coordinator never reads
  /// those records, so the copy recovers the whole state, as the source does.
  @Test func aBackupCopiesDamageALaterSnapshotCoversAndReportsIt() async throws {
    let directory = TemporaryDirectory()
    let destination = TemporaryDirectory()
    defer {
      directory.remove()
      destination.remove()
    }
    let (journal, _) = try openJournal(directory)
    try await appendDurably(journal, 1..<10)
    try await journal.snapshot(through: 9) { Array("state 9".utf8) }
    try await appendDurably(journal, 10..<12)
    journal.close()
    let segment = "segment-00000000000000000001.log"
    var bytes = directory.contents(segment)
    bytes[16 + 32 * 2 + 26] ^= 0x40
    directory.write(segment, bytes)

    let report = try JournalBackup.copy(from: directory.path, to: destination.path)
    #expect(report.damaged == [
      JournalDamage(segment: segment, offset: 16 + 32 * 2, reason: "its CRC-32C checksum does not match its bytes", records: 3...9)
    ])
    #expect(report.lastSequence == 11)
    #expect(destination.contents(segment) == bytes, "the damaged segment is copied as it is")

    var restored: JournalSnapshot?
    var replayed: [UInt64] = []
    let recovered = try Journal.open(directory: destination.path) { restored = $0 } replay: { replayed.append($0.sequence) }
    recovered.close()
    #expect(restored?.sequence == 9)
    #expect(replayed == [10, 11])
  }

  @Test func aBackupRefusesAnExistingDestinationAndADirectoryWithNoJournal() async throws {
    let directory = TemporaryDirectory()
    let destination = TemporaryDirectory()
    defer {
      directory.remove()
      destination.remove()
    }
    #expect(throws: JournalError.backupSourceNotJournal(directory: directory.path)) {
      try JournalBackup.copy(from: directory.path, to: destination.path)
    }
    let (journal, _) = try openJournal(directory)
    try await appendDurably(journal, 1..<3)
    journal.close()
    try FileManager.default.createDirectory(atPath: destination.path, withIntermediateDirectories: true)
    destination.write("keep", Array("mine".utf8))
    #expect(throws: JournalError.backupDestinationExists(path: destination.path)) {
      try JournalBackup.copy(from: directory.path, to: destination.path)
    }
    #expect(destination.names() == ["keep"], "nothing was written over")
  }
}
