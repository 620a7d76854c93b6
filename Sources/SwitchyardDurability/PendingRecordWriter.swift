import SwitchyardJournal
import SwitchyardRuntime
import SwitchyardWire

/// The encoding thread's side of an ``ActionJournal``: takes the records the main actor queued,
/// frames them back to back in a ``RecordBatch``, each payload encoded where it lies, and appends
/// them in one copy under one lock of the journal's writer, then asks for the snapshots among
/// them, as each covers the records appended before it.
///
/// Used on that thread alone, one drain at a time, so its buffers keep their capacity from one
/// batch to the next instead of growing from nothing, and being freed, for each.
final class PendingRecordWriter: @unchecked Sendable {
  private let pending: PendingRecords
  private let journal: Journal
  private let log: @Sendable (LogEvent) -> Void
  /// The records taken, framed as the journal holds them. Like `snapshots`, used by one drain at a
  /// time, so exclusivity is not checked at run time on each record.
  @exclusivity(unchecked) private var batch = RecordBatch()
  /// The positions of the snapshots among the records taken: most batches have none.
  @exclusivity(unchecked) private var snapshots: [Int] = []

  init(pending: PendingRecords, journal: Journal, log: @escaping @Sendable (LogEvent) -> Void) {
    self.pending = pending
    self.journal = journal
    self.log = log
  }

  /// Encodes and appends what accumulated, in order; returns why it stopped, if it did.
  func drain() -> String? {
    var (records, heldSince) = pending.take()
    defer {
      pending.giveBack(&records)
      // A burst's buffer is not kept for ever: past 4 MiB it is freed and grows again when needed.
      batch.removeAll(keepingCapacityUpTo: 1 << 22)
      snapshots.removeAll(keepingCapacity: true)
    }
    let encoder = WireJSONEncoder()
    // By index, each record read where it lies, through a pointer: read through the array in the
    // closure below, each record was copied, its parts retained and released.
    var failure: String? = records.withUnsafeBufferPointer { records in
      for index in records.indices {
        guard !records[index].isSnapshot else {
          snapshots.append(index)
          continue
        }
        do {
          try batch.append(sequence: records[index].sequence) { buffer in
            try PendingRecord.appendPayload(of: records.baseAddress! + index, to: &buffer, encoder: encoder)
          }
        } catch {
          return "record \(records[index].sequence) was not journaled: \(error)"
        }
      }
      return nil
    }
    do {
      try journal.append(batch, heldSince: heldSince)
    } catch {
      failure = failure ?? "records from \(batch.firstSequence) were not all journaled: \(error)"
    }
    if let failure {
      // Later records would get other numbers than the ones given out: the journal ends here.
      journal.close()
      return failure
    }
    for index in snapshots {
      guard case let .snapshot(state) = records[index].content else { continue }
      let sequence = records[index].sequence
      journal.snapshot(through: sequence, encode: state) { [log] result in
        if case let .failure(error) = result { log(.error("snapshot failed: \(error)", .integer("action_sequence", sequence))) }
      }
    }
    return nil
  }
}
