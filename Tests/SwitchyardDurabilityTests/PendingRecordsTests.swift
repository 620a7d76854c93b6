#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import Testing

@testable import SwitchyardDurability
@testable import SwitchyardRuntime

@Suite struct PendingRecordsTests {
  /// The thread that destroyed what a record held, once one has.
  final class Destruction: Sendable {
    let thread = Mutex<pthread_t?>(nil)

    var happened: Bool { thread.withLock { $0 != nil } }
    var onThisThread: Bool { thread.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false } }
  }

  /// What a record holds: notes its destruction.
  final class Held: Sendable {
    let destruction: Destruction

    init(_ destruction: Destruction) {
      self.destruction = destruction
    }

    deinit {
      let thread = pthread_self()
      destruction.thread.withLock { $0 = thread }
    }
  }

  /// The sequence numbers of the records the encoding side took.
  final class Taken: Sendable {
    let sequences = Mutex<[UInt64]>([])
  }

  /// A record whose content holds a ``Held`` noting into `destruction`.
  private static func record(_ sequence: UInt64, noting destruction: Destruction) -> PendingRecord {
    let held = Held(destruction)
    return PendingRecord(sequence: sequence, content: .snapshot { withExtendedLifetime(held) { [] } })
  }

  private static func plainRecord(_ sequence: UInt64) -> PendingRecord {
    PendingRecord(sequence: sequence, content: .effectEnded(EffectIdentity(action: 1, index: 0)))
  }

  @Test func encodedRecordsAreDestroyedByTheAddingThreadAtItsNextFirstRecordNotByTheEncoder() {
    let pending = PendingRecords()
    let destruction = Destruction()
    #expect(pending.add(Self.record(1, noting: destruction)))
    // The encoding side, on a thread of its own: takes the record and hands it back.
    let taken = Taken()
    let encoder = Thread {
      var (records, _) = pending.take()
      taken.sequences.withLock { $0 = records.map(\.sequence) }
      pending.giveBack(&records)
    }
    encoder.start()
    while !encoder.isFinished { usleep(1_000) }
    #expect(taken.sequences.withLock { $0 } == [1])
    #expect(!destruction.happened)
    #expect(pending.add(Self.plainRecord(2)))
    #expect(destruction.onThisThread)
  }

  @Test func aBatchHandedBackBeforeTheOneBeforeWasCollectedIsDestroyedByTheEncoder() {
    let pending = PendingRecords()
    let first = Destruction()
    let second = Destruction()
    _ = pending.add(Self.record(1, noting: first))
    var (records, _) = pending.take()
    // Added while the first batch is encoded: nothing is handed back yet to collect.
    _ = pending.add(Self.record(2, noting: second))
    pending.giveBack(&records)
    #expect(!first.happened)
    (records, _) = pending.take()
    #expect(records.map(\.sequence) == [2])
    // Nothing was added since: the first batch still waits for the adding side, so this one goes here.
    pending.giveBack(&records)
    #expect(second.happened)
    #expect(!first.happened)
    _ = pending.add(Self.plainRecord(3))
    #expect(first.happened)
  }
}
