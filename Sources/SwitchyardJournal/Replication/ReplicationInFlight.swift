import Foundation

/// One batch being copied to a ``JournalReplication`` on another thread while the journal's
/// writer writes and fsyncs it locally: a batch then costs the slower of the two, not their sum.
///
/// Its fields are written on the copying thread before ``wait()`` returns and read after, which
/// is what makes it sendable.
final class ReplicationInFlight: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var records: [UInt8]?
  private var failure: (any Error)?

  /// Starts copying the framed records `first` through `last`.
  init(_ replication: any JournalReplication, records: [UInt8], first: UInt64, last: UInt64) {
    self.records = records
    DispatchQueue.global().async { [self] in
      do {
        try replication.replicate(self.records ?? [], first: first, last: last)
      } catch {
        failure = error
      }
      // Let go of the bytes before the writer reuses its buffer, so it need not copy it.
      self.records = nil
      done.signal()
    }
  }

  /// Waits for the copy; returns why it failed, if it did.
  func wait() -> (any Error)? {
    done.wait()
    return failure
  }
}
