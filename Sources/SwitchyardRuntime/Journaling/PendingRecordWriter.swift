import SwitchyardJournal
import SwitchyardWire

/// The encoding queue's side of an ``ActionJournal``: takes the records the main actor queued,
/// encodes their payloads back to back and appends them under one lock of the journal's writer,
/// then asks for the snapshots among them, as each covers the records appended before it.
///
/// Used on that queue alone, one drain at a time, so its buffers keep their capacity from one
/// batch to the next instead of growing from nothing, and being freed, for each.
final class PendingRecordWriter: @unchecked Sendable {
  private let pending: PendingRecords
  private let journal: Journal
  private let log: @Sendable (String) -> Void
  private var buffer: [UInt8] = []
  /// Where each payload in `buffer` ends.
  private var ends: [Int] = []
  /// The positions of the snapshots among the records taken: most batches have none.
  private var snapshots: [Int] = []

  init(pending: PendingRecords, journal: Journal, log: @escaping @Sendable (String) -> Void) {
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
      buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 22)
      ends.removeAll(keepingCapacity: true)
      snapshots.removeAll(keepingCapacity: true)
    }
    let encoder = WireJSONEncoder()
    var firstSequence: UInt64?
    var failure: String?
    // By index, each record read where it lies: a copy of each retained and released its parts.
    for index in records.indices {
      do {
        guard try records[index].appendPayload(to: &buffer, encoder: encoder) else {
          snapshots.append(index)
          continue
        }
      } catch {
        failure = "record \(records[index].sequence) was not journaled: \(error)"
        break
      }
      firstSequence = firstSequence ?? records[index].sequence
      ends.append(buffer.count)
    }
    if let firstSequence {
      do {
        let appended = try buffer.withUnsafeBytes { bytes in try journal.append(bytes, ends: ends, heldSince: heldSince) }
        if appended != firstSequence { failure = "record \(firstSequence) became \(appended)" }
      } catch {
        failure = "records from \(firstSequence) were not all journaled: \(error)"
      }
    }
    if let failure {
      // Later records would get other numbers than the ones given out: the journal ends here.
      journal.close()
      return failure
    }
    for index in snapshots {
      guard case let .snapshot(state) = records[index].content else { continue }
      journal.snapshot(through: records[index].sequence, encode: state) { [log] result in
        if case let .failure(error) = result { log("error: snapshot failed: \(error)") }
      }
    }
    return nil
  }
}
