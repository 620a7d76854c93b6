import SwitchyardWire

extension EffectRouter {
  /// Carries out what `supervisor` decided about effects, in order.
  func apply(_ outcomes: [PoolOutcome], in supervisor: PoolSupervisor) {
    for outcome in outcomes { apply(outcome, in: supervisor) }
  }

  /// Carries out one of `supervisor`'s outcomes.
  func apply(_ outcome: PoolOutcome, in supervisor: PoolSupervisor) {
    switch outcome {
    case let .dispatch(ids, worker):
      dispatch(ids, to: worker, in: supervisor)
    case let .lost(id, reason):
      recover(id, in: supervisor, because: reason)
    case let .handedBack(id, worker):
      guard let record = effects[id] else { return }
      cancel(record, on: worker, in: supervisor)
      effects.detach(record)
      if let next = supervisor.placeAgain(id, key: record.affinityKey) { dispatch(record, to: next, in: supervisor) }
    case let .failed(id, message):
      guard let record = effects[id] else { return }
      complete(record, in: supervisor, with: .failure(JobFailure(code: .unavailable, message: message)))
    case let .restart(delay):
      Task { [weak self, weak supervisor] in
        try? await Task.sleep(for: delay)
        guard let self, let supervisor else { return }
        apply(supervisor.restartDue(), in: supervisor)
      }
    }
  }

  /// Retries an effect whose worker died, if its job allows; otherwise fails it with `workerExited`.
  func recover(_ id: UInt64, in supervisor: PoolSupervisor, because reason: String) {
    guard let record = effects[id] else { return }
    effects.detach(record)
    // An attempt that ran longer than the restart window was healthy: a long-running listener is
    // restarted whenever its worker dies, not only the first few times.
    if let started = record.dispatchedAt, .now - started > supervisor.configuration.restartPolicy.window {
      record.attempt = 0
    }
    guard record.isRetryable, record.attempt < record.maxAttempts, !isShuttingDown else {
      let why = record.isRetryable
        ? "after \(record.attempt) attempts"
        : "and the job is not retryable"
      let failure = JobFailure(code: .workerExited, message: "The \(reason) \(why).", retryable: record.isRetryable)
      return complete(record, in: supervisor, with: .failure(failure))
    }
    lifeWatch?(.retrying(effect: id, reason: reason))
    scheduleRetry(record, in: supervisor)
  }

  /// Retries a detached effect after a backoff that doubles per attempt, on a fresh clock: the
  /// retry's wait for a worker counts toward its deadline.
  func scheduleRetry(_ record: RemoteEffectRecord, in supervisor: PoolSupervisor) {
    supervisor.recordRetry()
    record.isAwaitingRetry = true
    effects.startClock(of: record, at: .now)
    let (id, generation) = (record.id, record.generation)
    let delay = retryBackoff(after: record, in: supervisor)
    Task { [weak self] in
      try? await Task.sleep(for: delay)
      self?.retry(id, generation: generation, in: supervisor)
    }
  }

  /// How long `record` waits before its next attempt: the pool's backoff, doubled for each attempt
  /// after the first.
  func retryBackoff(after record: RemoteEffectRecord, in supervisor: PoolSupervisor) -> Duration {
    supervisor.configuration.retryBackoff * (1 << min(record.attempt - 1, 10))
  }

  /// An attempt's worker was lost though its link lives on (a broker's worker that another
  /// reclaimed the job from): its slot is freed and the effect retried as if the worker had died.
  func attemptLost(_ record: RemoteEffectRecord, in supervisor: PoolSupervisor, because reason: String) {
    guard let worker = record.worker else { return }
    let next = supervisor.release(record.id, from: worker, ending: .withdrawn)
    recover(record.id, in: supervisor, because: reason)
    if let next { apply(next, in: supervisor) }
  }

  /// Some of `record`'s outputs were lost on their way from `process` (``OutputGap``): its attempt
  /// is lost, retried or failed as if its worker had died, with a warning, as the loss is
  /// the transport's (a reply Redis refused, an operator's trim of the reply stream), not the job's.
  func outputsLost(_ record: RemoteEffectRecord, _ gap: OutputGap, from process: WorkerProcess, in supervisor: PoolSupervisor) {
    let whence = if case .broker = process.peer { "; the reply stream lost entries (trimmed, or lost by Redis)" } else { "" }
    log(
      LogEvent(
        .warning, "effect \(record.id) of the '\(supervisor.kind)' pool: the \(gap)\(whence). Treated as if its worker died.",
        fields: process.logFields + [.integer("effect_id", record.id)]
      )
    )
    attemptLost(record, in: supervisor, because: "\(gap)")
  }

  private func retry(_ id: UInt64, generation: UInt32, in supervisor: PoolSupervisor) {
    // An effect that ended during its backoff stopped being counted as waiting when it ended.
    guard let record = effects[id], record.isAwaitingRetry, record.generation == generation else { return }
    record.isAwaitingRetry = false
    supervisor.recordRetryWaitEnded()
    guard !supervisor.isFailed, !isShuttingDown else {
      let failure = JobFailure(code: .unavailable, message: supervisor.failureMessage)
      return complete(record, in: supervisor, with: .failure(failure))
    }
    if let worker = supervisor.placeAgain(id, key: record.affinityKey) {
      dispatch(record, to: worker, in: supervisor)
    }
  }
}
