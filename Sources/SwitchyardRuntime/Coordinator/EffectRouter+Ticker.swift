import SwitchyardWire

extension EffectRouter {
  /// The supervision clock: each pool's supervisor checks its workers' liveness, effects past
  /// their deadline time out, and each pool's transport hears its backlog; then the metrics'
  /// gauges are set.
  func tick(now: ContinuousClock.Instant) {
    for supervisor in supervisors.values {
      apply(supervisor.tick(now: now), in: supervisor)
      transport(for: supervisor.kind).observeBacklog(
        of: supervisor.kind, queued: supervisor.queuedCount, inFlight: supervisor.inFlightCount)
    }
    for record in effects.expired(at: now) {
      guard let supervisor = supervisors[record.kind] else { continue }
      timeOut(record, in: supervisor)
    }
    metrics?.publish(self, now: now)
  }

  /// Ends an attempt that ran past its deadline: cancelled on its worker, and retried if its job
  /// allows another attempt (a hung worker's effect runs elsewhere); otherwise the effect fails
  /// `timeout`. An effect that timed out waiting for a worker, or for a retry's backoff to pass,
  /// is not retried: no worker took it.
  private func timeOut(_ record: RemoteEffectRecord, in supervisor: PoolSupervisor) {
    let timeout = record.timeout ?? .zero
    guard let worker = record.worker else {
      return complete(record, in: supervisor, with: .failure(waitTimedOut(record, in: supervisor)))
    }
    cancel(record, on: worker, in: supervisor)
    guard record.isRetryable, record.attempt < record.maxAttempts, !isShuttingDown else {
      let failure = JobFailure(
        code: .timeout,
        message: """
          The '\(record.kind)' job ran longer than its timeout of \(timeout) and was cancelled, \
          after \(record.attempt) attempts.
          """,
        retryable: record.isRetryable
      )
      return complete(record, in: supervisor, with: .failure(failure))
    }
    release(record, in: supervisor)
    scheduleRetry(record, in: supervisor)
  }

  /// Why an effect no worker held ran past its deadline: it waited in its pool's queue, or for the
  /// backoff before its next attempt, which outlasted the wait its job allows.
  private func waitTimedOut(_ record: RemoteEffectRecord, in supervisor: PoolSupervisor) -> JobFailure {
    let limit = record.waitTimeout == record.timeout ? "its deadline" : "its queue timeout"
    let wait = record.waitTimeout ?? .zero
    let message =
      if record.isAwaitingRetry {
        """
        The '\(record.kind)' job's attempt \(record.attempt) of \(record.maxAttempts) failed, and the backoff before \
        the next, \(retryBackoff(after: record, in: supervisor)), outlasted \(limit) of \(wait): it was dropped without \
        another attempt. Give the job a longer timeout, or the pool a shorter retry backoff.
        """
      } else {
        """
        The '\(record.kind)' job waited \(wait), \(limit), for a worker and was dropped: the pool's \
        \(supervisor.readyCount) ready workers are all busy. Scale it up, end the jobs that hold them, or give the job \
        a longer timeout.
        """
      }
    return JobFailure(code: .timeout, message: message, retryable: record.isRetryable)
  }
}
