import Synchronization
import SwitchyardJournal

/// The records waiting for the encoding thread, shared with it.
///
/// Three arrays take turns: the thread takes the waiting one and leaves an emptied one in its
/// place, so the lock is held for a swap only, and neither side allocates or frees records under it
/// (a main actor waiting for this lock is a reduction waiting). The thread hands the records it
/// encoded back, and the adding side destroys them: what they hold (the parse of a client's JSON,
/// a worker's frame, an action's closure) was allocated on that side, and freed there it goes back
/// to that thread's cache, where freed on the encoding thread every allocation that replaced it
/// took the allocator's slow path, which cost a busy coordinator's main actor more than the frees.
final class PendingRecords: Sendable {
  private struct Buffers {
    var waiting: [PendingRecord] = []
    /// When the oldest waiting record was added, on the journal's clock.
    var waitingSince: Int64 = 0
    /// Emptied by the adding side, keeping its capacity, for ``take()`` to put in `waiting`'s place.
    var spare: [PendingRecord] = []
    /// Records encoded and handed back, for the adding side to destroy.
    var encoded: [PendingRecord] = []
  }

  private let buffers = Mutex(Buffers())
  /// The array of encoded records the adding side emptied last, until it becomes the spare. Used by
  /// ``add(_:)`` alone, which one isolation calls (the journal's main actor).
  nonisolated(unsafe) private var emptied: [PendingRecord] = []

  /// Adds `record`; returns whether it is the first since the last ``take()``, when the thread must
  /// be woken to take it. The first also collects the records encoded since, and destroys them
  /// after the lock is released.
  func add(_ record: consuming PendingRecord) -> Bool {
    // Moved in, not copied: a copy of a record costs value-witness calls for each of its parts.
    var moving = Optional(consume record)
    var encoded: [PendingRecord] = []
    let first = buffers.withLock { buffers in
      buffers.waiting.append(moving.take()!)
      guard buffers.waiting.count == 1 else { return false }
      buffers.waitingSince = Journal.monotonicNanoseconds()
      if !buffers.encoded.isEmpty {
        swap(&encoded, &buffers.encoded)
        if buffers.spare.capacity < emptied.capacity { swap(&buffers.spare, &emptied) }
      }
      return true
    }
    if !encoded.isEmpty {
      encoded.removeAll(keepingCapacity: true)
      emptied = encoded
    }
    return first
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

  /// Takes back the array ``take()`` returned, once its records are encoded: the adding side
  /// destroys them at its next first record. Records still there from the batch before, which
  /// happens only when nothing was added meanwhile, are destroyed here instead.
  func giveBack(_ records: inout [PendingRecord]) {
    guard !records.isEmpty else { return }
    buffers.withLock { buffers in
      if buffers.encoded.isEmpty { swap(&buffers.encoded, &records) }
    }
    records.removeAll()
  }
}
