import ComposableArchitecture
import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// Data directories damaged at random — bits flipped, bytes overwritten or zeroed, files cut short,
/// garbage appended, files removed — as a disk, a filesystem or an operator's mistake damages them.
/// Each is read by `history`, backed up, opened, repaired if refused, and written again, and each
/// step must keep the journal's promise: a typed error or a state that is the one the records
/// wrote, never a record that was not appended, never a loss that is not said.
///
/// Seeded: a failure names its seed and what was done, and `SWITCHYARD_FUZZ_SEED` replays it;
/// `SWITCHYARD_FUZZ_ROUNDS` sets the rounds per journal (60).
@Suite(.onAThreadOfItsOwn) struct MutatedDirectoryFuzzTests {
  @Test(.timeLimit(.minutes(3)))
  func damagedDirectoriesRecoverToTheirRecordsOrSaySo() async throws {
    let seed = ProcessInfo.processInfo.environment["SWITCHYARD_FUZZ_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
    var generator = SeededRandomNumberGenerator(seed: seed)
    let rounds = ProcessInfo.processInfo.environment["SWITCHYARD_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 60
    var tally = DamageTally()
    for shape in JournalShape.allCases {
      let pristine = try await shape.write()
      defer { pristine.directory.remove() }
      for round in 0..<rounds {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.copyItem(atPath: pristine.directory.path, toPath: directory.path)
        let damage = DirectoryDamage.random(in: directory, using: &generator)
        let context = "seed \(seed), \(shape), round \(round): \(damage)"
        try checkHistory(of: directory, against: pristine, context)
        try checkBackup(of: directory, context)
        // Without its `HIGHWATER`, a journal cut at a record's end is one that ended there.
        let durable = damage.file == HighWaterMark.fileName ? 0 : pristine.durableThrough
        tally.count(try checkRecovery(of: directory, against: pristine, durableThrough: durable, context))
      }
    }
    // Every outcome was reached, so the properties above were each put to the test.
    #expect(tally.recovered > 0 && tally.refused > 0 && tally.repaired > 0 && tally.recoveredWithLoss > 0, "\(tally), seed \(seed)")
  }

  /// `history` reads what the damage left: a typed error, or records each as it was appended.
  private func checkHistory(of directory: TemporaryDirectory, against pristine: PristineJournal, _ context: String) throws {
    let history: JournalHistory
    do {
      history = try JournalHistory(directory: directory.path)
    } catch {
      return
    }
    var damage: [JournalDamage] = []
    let records: [JournalRecord]
    do {
      records = try history.records(pastDamage: { damage.append($0) })
    } catch {
      return
    }
    for record in records {
      #expect(pristine.payloads[record.sequence] == record.payload, "history read record \(record.sequence) as it never was; \(context)")
    }
    #expect(zip(records, records.dropFirst()).allSatisfy { $0.sequence < $1.sequence }, "history out of order; \(context)")
  }

  /// `backup` copies the damaged directory or refuses with a typed error; a copy it makes opens as
  /// the directory does, no better and no worse: a restore from it is the directory again.
  private func checkBackup(of directory: TemporaryDirectory, _ context: String) throws {
    let backup = TemporaryDirectory()
    defer { backup.remove() }
    // A refusal is a `JournalError`, as `copy` is declared to throw.
    guard (try? JournalBackup.copy(from: directory.path, to: backup.path)) != nil else { return }
    // The directory itself is opened later, as it is: a twin stands in for it here.
    let twin = TemporaryDirectory()
    defer { twin.remove() }
    try FileManager.default.copyItem(atPath: directory.path, toPath: twin.path)
    #expect(RecoveredJournal.summary(of: backup) == RecoveredJournal.summary(of: twin), "the backup opens otherwise; \(context)")
  }

  /// Opens the damaged directory; if refused, checks that nothing changed and repairs it; then
  /// appends to what recovered and opens it again.
  private func checkRecovery(
    of directory: TemporaryDirectory, against pristine: PristineJournal, durableThrough: UInt64, _ context: String
  ) throws -> RecoveryOutcome {
    let before = directory.everything()
    do {
      let recovered = try RecoveredJournal.open(directory, repair: false)
      try check(recovered, against: pristine, durableThrough: durableThrough, context)
      try checkAppendsAfter(recovered, in: directory, context)
      return recovered.journal.recovery.lastSequence < pristine.lastSequence ? .recoveredWithLoss : .recovered
    } catch let error as JournalError {
      #expect(directory.everything() == before, "a refused open (\(error)) changed the directory; \(context)")
    }
    do {
      let repaired = try RecoveredJournal.open(directory, repair: true)
      try check(repaired, against: pristine, durableThrough: nil, context)
      try checkAppendsAfter(repaired, in: directory, context)
      return .repaired
    } catch is JournalError {
      return .refused
    }
  }

  /// The state recovered is the one its records wrote: the snapshot restored as it was taken, then
  /// each record after it, in order, as it was appended. Opened as it is, it holds every record
  /// `HIGHWATER` says was durable (`durableThrough`); repaired (`nil`), it says what it cut.
  private func check(_ recovered: RecoveredJournal, against pristine: PristineJournal, durableThrough: UInt64?, _ context: String) throws {
    let report = recovered.journal.recovery
    if let snapshot = recovered.snapshot {
      #expect(pristine.snapshots[snapshot.sequence] == snapshot.state, "snapshot \(snapshot.sequence) restored as it never was; \(context)")
      #expect(report.snapshotSequence == snapshot.sequence, "\(context)")
    }
    var expected = (recovered.snapshot?.sequence ?? 0) + 1
    for record in recovered.replayed {
      #expect(record.sequence == expected, "replayed \(record.sequence) where \(expected) was next; \(context)")
      #expect(pristine.payloads[record.sequence] == record.payload, "replayed record \(record.sequence) as it never was; \(context)")
      expected = record.sequence + 1
    }
    #expect(report.lastSequence == expected - 1 || recovered.replayed.isEmpty, "\(context)")
    #expect(report.lastSequence <= pristine.lastSequence, "recovered records never appended; \(context)")
    if let durableThrough {
      #expect(report.lastSequence >= durableThrough, "lost records through \(durableThrough), which were durable; \(context)")
    } else if report.lastSequence < pristine.lastSequence {
      #expect(!report.changes.isEmpty, "repaired without records \(report.lastSequence + 1)…\(pristine.lastSequence), without a word; \(context)")
    }
  }

  /// What recovered takes appends, and a second open finds them after it: a repair or a cut tail
  /// leaves a journal that works, not one that fails at its next start.
  private func checkAppendsAfter(_ recovered: RecoveredJournal, in directory: TemporaryDirectory, _ context: String) throws {
    let last = recovered.journal.recovery.lastSequence
    for index in 1...3 { _ = try recovered.journal.append(Array("after \(index)".utf8)) }
    recovered.journal.close()
    let reopened = try RecoveredJournal.open(directory, repair: false)
    defer { reopened.journal.close() }
    #expect(reopened.journal.recovery.lastSequence == last + 3, "the appends after recovery; \(context)")
    #expect(reopened.replayed.suffix(3).map(\.payload) == (1...3).map { Array("after \($0)".utf8) }, "\(context)")
  }
}

/// How a fuzzed recovery ended.
private enum RecoveryOutcome {
  case recovered, recoveredWithLoss, repaired, refused
}

private struct DamageTally: CustomStringConvertible {
  var recovered = 0, recoveredWithLoss = 0, repaired = 0, refused = 0

  mutating func count(_ outcome: RecoveryOutcome) {
    switch outcome {
    case .recovered: recovered += 1
    case .recoveredWithLoss: recoveredWithLoss += 1
    case .repaired: repaired += 1
    case .refused: refused += 1
    }
  }

  var description: String {
    "recovered \(recovered), recovered without records past HIGHWATER \(recoveredWithLoss), repaired \(repaired), refused \(refused)"
  }
}

/// A journal opened in a test, with what it restored and replayed.
private struct RecoveredJournal {
  let journal: Journal
  let snapshot: JournalSnapshot?
  let replayed: [JournalRecord]

  static func open(_ directory: TemporaryDirectory, repair: Bool) throws -> RecoveredJournal {
    var snapshot: JournalSnapshot?
    var replayed: [JournalRecord] = []
    let journal = try Journal.open(
      directory: directory.path, options: JournalOptions(segmentSize: JournalShape.segmentSize, repair: repair),
      restore: { snapshot = $0 }, replay: { replayed.append($0) })
    return RecoveredJournal(journal: journal, snapshot: snapshot, replayed: replayed)
  }

  /// What opening `directory` as it is recovers, or that it is refused, in words to compare.
  static func summary(of directory: TemporaryDirectory) -> String {
    guard let recovered = try? open(directory, repair: false) else { return "refused" }
    recovered.journal.close()
    let records = recovered.replayed.map { "\($0.sequence):\($0.payload)" }
    return "snapshot \(recovered.snapshot?.sequence ?? 0), last \(recovered.journal.recovery.lastSequence), \(records)"
  }
}
