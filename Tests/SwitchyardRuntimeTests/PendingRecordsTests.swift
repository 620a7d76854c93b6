#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing

@testable import SwitchyardRuntime

@Suite struct PendingRecordsTests {
  /// Notes the thread that destroyed what a record held.
  final class Held: Sendable {
    let destroyedOn: Mutex<pthread_t?>

    init(_ destroyedOn: Mutex<pthread_t?>) {
      self.destroyedOn = destroyedOn
    }

    deinit {
      let thread = pthread_self()
      destroyedOn.withLock { $0 = thread }
    }
  }

  /// A record whose content holds a ``Held`` noting into `destroyedOn`.
  private static func record(_ sequence: UInt64, noting destroyedOn: Mutex<pthread_t?>) -> PendingRecord {
    let held = Held(destroyedOn)
    return PendingRecord(sequence: sequence, content: .snapshot { withExtendedLifetime(held) { [] } })
  }

  @Test func encodedRecordsAreDestroyedByTheAddingThreadAtItsNextFirstRecordNotByTheEncoder() {
    let pending = PendingRecords()
    let destroyedOn = Mutex<pthread_t?>(nil)
    #expect(pending.add(Self.record(1, noting: destroyedOn)))
    // The encoding side, on a thread of its own: takes the record and hands it back.
    let encoder = Thread {
      var (records, _) = pending.take()
      #expect(records.map(\.sequence) == [1])
      pending.giveBack(&records)
    }
    encoder.start()
    while !encoder.isFinished { usleep(1_000) }
    #expect(destroyedOn.withLock { $0 } == nil)
    #expect(pending.add(PendingRecord(sequence: 2, content: .effectEnded(EffectIdentity(action: 1, index: 0)))))
    let destroyer = destroyedOn.withLock { $0 }
    #expect(destroyer.map { pthread_equal($0, pthread_self()) != 0 } == true)
  }

  @Test func aBatchHandedBackBeforeTheOneBeforeWasCollectedIsDestroyedByTheEncoder() {
    let pending = PendingRecords()
    let first = Mutex<pthread_t?>(nil)
    let second = Mutex<pthread_t?>(nil)
    _ = pending.add(Self.record(1, noting: first))
    var (records, _) = pending.take()
    // Added while the first batch is encoded: nothing is handed back yet to collect.
    _ = pending.add(Self.record(2, noting: second))
    pending.giveBack(&records)
    #expect(first.withLock { $0 } == nil)
    (records, _) = pending.take()
    #expect(records.map(\.sequence) == [2])
    // Nothing was added since: the first batch still waits for the adding side, so this one goes here.
    pending.giveBack(&records)
    #expect(second.withLock { $0 } != nil)
    #expect(first.withLock { $0 } == nil)
    _ = pending.add(PendingRecord(sequence: 3, content: .effectEnded(EffectIdentity(action: 1, index: 0))))
    #expect(first.withLock { $0 } != nil)
  }
}
