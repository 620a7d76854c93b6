import SwitchyardWire

/// One remote effect while the coordinator runs it: where it is, which generation is current, and
/// how to hand its outputs and its end to the effect that awaits it.
@MainActor
@usableFromInline
final class RemoteEffectRecord {
  @usableFromInline
  let id: UInt64
  let kind: JobKind
  let job: [UInt8]
  let isRetryable: Bool
  let maxAttempts: Int
  let timeout: Duration?
  /// How long an attempt may wait for a worker: the shorter of ``timeout`` and the job's queue
  /// timeout, `nil` when neither bounds it.
  let waitTimeout: Duration?
  let affinityKey: String?
  let admittedAt: ContinuousClock.Instant

  // `@exclusivity(unchecked)`: main-actor state read and written on every remote effect, never
  // across a call that could reach it again, so the dynamic exclusivity check each access would
  // otherwise make (a thread-local lookup and a table insert) buys nothing.

  /// Bumped on every dispatch: frames from any earlier attempt are stale.
  @exclusivity(unchecked) var generation: UInt32 = 0
  @exclusivity(unchecked) var attempt = 0
  @exclusivity(unchecked) var worker: Int?
  @exclusivity(unchecked) var dispatchedAt: ContinuousClock.Instant?
  /// How many outputs reached the effect, across attempts: a numbered output below it is a repeat.
  @exclusivity(unchecked) var delivered: UInt64 = 0
  /// Repeats of delivered outputs a retried attempt sent again, dropped.
  var repeatsDropped = 0
  /// When the current attempt times out: its ``timeout`` after it began to wait for a worker.
  @exclusivity(unchecked) var deadline: ContinuousClock.Instant?
  /// When the current attempt began to wait for a worker.
  @exclusivity(unchecked) var waitingSince: ContinuousClock.Instant?
  /// Whether it waits out a retry's backoff, neither queued nor running: counted among its pool's
  /// waiting effects until the backoff passes or it ends, whichever comes first.
  var isAwaitingRetry = false

  /// Whoever started the effect; `nil` once it has ended.
  private var report: RemoteEffectEvent.Handler?
  /// The router that admitted it, which ``cancel()`` asks; `nil` once it has ended.
  var router: EffectRouter?

  init(
    id: UInt64,
    request: RemoteRequest,
    admittedAt: ContinuousClock.Instant = .now,
    report: @escaping RemoteEffectEvent.Handler
  ) {
    self.id = id
    self.admittedAt = admittedAt
    self.kind = request.kind
    self.job = request.job
    self.isRetryable = request.isRetryable
    self.maxAttempts = max(1, request.maxAttempts)
    self.timeout = request.timeout
    self.waitTimeout = request.queueTimeout.map { queue in request.timeout.map { min($0, queue) } ?? queue } ?? request.timeout
    self.affinityKey = request.affinityKey
    self.report = report
  }

  /// Hands one output to the effect, which decodes it from the frame it arrived in, unless its
  /// number says an earlier attempt delivered it already. Outputs without a number (from older
  /// workers) are all delivered.
  ///
  /// - Throws: ``OutputGap`` when the number is past the next one: an output was lost on the way,
  ///   and delivering this one would lose it for good.
  func emit(_ output: RawJSON, sequence: UInt64?) throws {
    if let sequence {
      guard sequence >= delivered else {
        repeatsDropped += 1
        return
      }
      guard sequence == delivered else { throw OutputGap(expected: delivered, sign: .output(sequence: sequence)) }
    }
    delivered += 1
    try report?(.output(output))
  }

  /// The outputs an attempt that finished saying the effect had emitted `outputs` (``Finished/outputs``)
  /// left undelivered, if any: its last outputs were lost on the way, and ending the effect now
  /// would lose them for good. `nil` when every one arrived, or the worker did not say (an older one).
  func gap(finishedAfter outputs: UInt64?) -> OutputGap? {
    guard let outputs, outputs > delivered else { return nil }
    return OutputGap(expected: delivered, sign: .finished(outputs: outputs))
  }

  /// Cancels the effect, unless it has ended.
  ///
  /// What the store calls when the effect is cancelled: a closure that captures only the record
  /// is the record, so registering one allocates nothing.
  @usableFromInline
  func cancel() {
    router?.cancel(id)
  }

  /// Ends the effect; later calls do nothing.
  func resume(_ result: Result<Void, any Error>) {
    if let watch = router?.lifeWatch { watch(.ended(effect: id, EffectLifeEvent.End(result))) }
    router = nil
    guard let report else { return }
    self.report = nil
    RemoteEffectEvent.end(result, to: report)
  }
}
