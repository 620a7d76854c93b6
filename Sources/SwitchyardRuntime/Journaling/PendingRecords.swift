import Synchronization
import SwitchyardJournal

/// The records waiting for the encoding thread, shared with it.
///
/// Two arrays take turns: the thread takes the waiting one and leaves an emptied one in its place,
/// so the lock is held for a swap only, and neither side allocates or frees records under it
/// (a main actor waiting for this lock is a reduction waiting).
final class PendingRecords: Sendable {
  private struct Buffers {
    var waiting: [PendingRecord] = []
    /// When the oldest waiting record was added, on the journal's clock.
    var waitingSince: Int64 = 0
    /// Emptied by the queue, keeping its capacity, for ``take()`` to put in `waiting`'s place.
    var spare: [PendingRecord] = []
  }

  private let buffers = Mutex(Buffers())

  /// Adds `record`; returns whether it is the first since the last ``take()``, when the thread must
  /// be woken to take it.
  func add(_ record: consuming PendingRecord) -> Bool {
    // Moved in, not copied: a copy of a record costs value-witness calls for each of its parts.
    var moving = Optional(record)
    return buffers.withLock { buffers in
      buffers.waiting.append(moving.take()!)
      guard buffers.waiting.count == 1 else { return false }
      buffers.waitingSince = Journal.monotonicNanoseconds()
      return true
    }
  }

  /// The records waiting, oldest first, leaving none, and when the oldest of them was added.
  func take() -> (records: [PendingRecord], since: Int64) {
    buffers.withLock { buffers in
      var taken: [PendingRecord] = []
      swap(&taken, &buffers.spare)
      swap(&taken, &buffers.waiting)
      return (taken, buffers.waitingSince)
    }
  }

  /// Takes back the array ``take()`` returned, once its records are done with, to reuse.
  func giveBack(_ records: inout [PendingRecord]) {
    records.removeAll(keepingCapacity: true)
    buffers.withLock { swap(&$0.spare, &records) }
  }
}
