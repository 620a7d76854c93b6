import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// A standby installs the shared journal's snapshot over its data directory. Its own copy it may
/// discard; a directory that holds a journal of its own (a lone coordinator's, moved to `--ha` with
/// the hosts started in the wrong order) may hold the only record of acknowledged actions, so it is
/// set aside, not deleted. (It was deleted: 195 of 200 acknowledged sends gone in the audit.)
@Suite(.onAThreadOfItsOwn) struct InstallTests {
  let shared = JournalSnapshot(sequence: 40, timestampNanoseconds: 0, state: Array("shared".utf8))

  @Test func aDirectorysOwnJournalIsSetAsideAndACopyIsReplaced() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    try await appendDurably(journal, 1..<6)
    journal.close()
    let own = directory.segmentNames()
    let ownBytes = own.map(directory.contents)

    let setAside = try Journal.install(shared, in: directory.path)
    #expect(setAside == own.map { "\($0).replaced.damaged" })
    #expect(setAside.map(directory.contents) == ownBytes)
    let (copy, replayed) = try openJournal(directory)
    copy.close()
    #expect(replayed.isEmpty && copy.lastSequence == 40)
    #expect(directory.names().filter { $0.hasSuffix(".snap") } == ["snapshot-00000000000000000040.snap"])

    // The directory now holds a copy: installing again replaces it and sets nothing more aside.
    #expect(try Journal.install(shared, in: directory.path).isEmpty)
    #expect(directory.names().filter { $0.hasSuffix(".damaged") }.count == own.count)
  }

  /// A leader marks its journal as the shared journal's when it leads: the standby it later turns
  /// into replaces it like any copy, with nothing set aside.
  @Test func aLeadersMarkedJournalIsReplacedLikeACopy() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (journal, _) = try openJournal(directory)
    try await appendDurably(journal, 1..<6)
    journal.close()
    try Journal.markShared(in: directory.path)
    #expect(try Journal.install(shared, in: directory.path).isEmpty)
    #expect(!directory.names().contains { $0.hasSuffix(".damaged") })
  }
}
