import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// Which version of the application wrote each snapshot and record: stamped as they are written,
/// read back as version 1 from directories older formats wrote, and a newer version's directory
/// refused by an older build.
@Suite(.onAThreadOfItsOwn) struct ApplicationVersionTests {
  private func open(_ directory: TemporaryDirectory, version: Int, restored: ((JournalSnapshot) -> Void)? = nil) throws -> Journal {
    try Journal.open(
      directory: directory.path, options: JournalOptions(durability: .always, applicationVersion: version),
      restore: { restored?($0) }, replay: { _ in }
    )
  }

  @Test func snapshotsAndRecordsSayWhichVersionWroteThem() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let first = try open(directory, version: 1)
    try await appendDurably(first, 0..<3)
    first.close()
    #expect(!directory.names().contains("VERSIONS"), "version 1 alone needs no file")

    let second = try open(directory, version: 2)
    try await appendDurably(second, 3..<5)
    let snapshot = try await second.snapshot(through: 5) { Array("{}".utf8) }
    second.close()
    #expect(snapshot.applicationVersion == 2)
    #expect(directory.contents("VERSIONS") == Array("version 2 from 4\n".utf8))
    let versions = try ApplicationVersions.read(directory: directory.path)
    #expect((1...5).map(versions.version(of:)) == [1, 1, 1, 2, 2])

    var restored: JournalSnapshot?
    let third = try open(directory, version: 2) { restored = $0 }
    third.close()
    #expect(restored?.applicationVersion == 2)
    #expect(directory.contents("VERSIONS") == Array("version 2 from 4\n".utf8), "the same version adds no line")

    let before = directory.everything()
    #expect(throws: JournalError.newerApplicationVersion(directory: directory.path, found: 2, build: 1)) {
      _ = try open(directory, version: 1)
    }
    #expect(directory.everything() == before)
  }

  @Test func statusSaysTheVersionAppendingAndTheOldestAKeptRecordWasWrittenBy() async throws {
    let upgraded = TemporaryDirectory()
    defer { upgraded.remove() }
    let first = try open(upgraded, version: 1)
    try await appendDurably(first, 0..<3)
    #expect((first.status.applicationVersion, first.status.oldestApplicationVersion) == (1, 1))
    first.close()
    let second = try open(upgraded, version: 2)
    try await appendDurably(second, 3..<4)
    #expect((second.status.applicationVersion, second.status.oldestApplicationVersion) == (2, 1), "version 1's records are kept")
    second.close()

    let fresh = TemporaryDirectory()
    defer { fresh.remove() }
    let only = try open(fresh, version: 2)
    try await appendDurably(only, 0..<2)
    #expect((only.status.applicationVersion, only.status.oldestApplicationVersion) == (2, 2))
    only.close()
  }

  @Test func aFormatThreeDirectoryReadsAsVersionOneAndIsUpgraded() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let journal = try open(directory, version: 1)
    try await appendDurably(journal, 0..<2)
    journal.close()
    // As format 3 wrote it: its FORMAT line, no VERSIONS file, and a snapshot whose version field
    // is zero, its checksum over the header and the state alone.
    directory.write("FORMAT", Array("switchyard-journal 3\n".utf8))
    var old = SnapshotLayout.encode(JournalSnapshot(sequence: 2, timestampNanoseconds: 7, state: Array("{}".utf8)))
    old.replaceSubrange(36..<40, with: [0, 0, 0, 0])
    let header = CRC32C.checksum(Array(old[8..<32]))
    let checksum = Array(old[40...]).withUnsafeBytes { CRC32C.checksum($0, continuing: header) }
    withUnsafeBytes(of: checksum.littleEndian) { old.replaceSubrange(32..<36, with: $0) }
    directory.write("snapshot-00000000000000000002.snap", old)

    var restored: JournalSnapshot?
    let upgraded = try open(directory, version: 2) { restored = $0 }
    upgraded.close()
    #expect(restored?.sequence == 2)
    #expect(restored?.applicationVersion == 1)
    #expect(directory.contents("FORMAT") == Array("switchyard-journal 4\n".utf8))
    #expect(try ApplicationVersions.read(directory: directory.path).version(of: 2) == 1)
    #expect(try ApplicationVersions.read(directory: directory.path).version(of: 3) == 2)
  }

  @Test func anUnreadableVersionsFileRefusesTheDirectory() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    try open(directory, version: 1).close()
    directory.write("VERSIONS", Array("version two from 4\n".utf8))
    #expect(throws: JournalError.unreadableVersions(path: directory.file("VERSIONS"))) { _ = try open(directory, version: 2) }
  }
}
