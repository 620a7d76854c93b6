import SwitchyardWire

extension RemoteRuntime {
  /// The supervision clock: each pool's supervisor checks its workers' liveness, and effects past
  /// their deadline time out.
  func tick(now: ContinuousClock.Instant) {
    for supervisor in supervisors.values {
      supervisor.superviseLiveness(now: now)
    }
    for record in effects.expired(at: now) {
      guard let pool = pools[record.kind] else { continue }
      timeOut(record, in: pool)
    }
  }

  /// Fails an effect that ran past its kind's start-to-close timeout, and cancels it on its worker.
  private func timeOut(_ record: RemoteEffectRecord, in pool: WorkerPool) {
    if let worker = record.worker {
      if let process = pool.workers[worker] {
        send(.cancel(.init(effect: record.id, generation: record.generation)), to: process)
      }
    }
    let timeout = record.timeout ?? .zero
    let failure = JobFailure(
      code: .timeout,
      message: "The '\(record.kind)' job ran longer than its start-to-close timeout of \(timeout) and was cancelled.",
      retryable: record.isRetryable
    )
    complete(record, in: pool, with: .failure(failure))
  }

  /// Moves what a draining worker still runs to the other workers.
  func handBack(_ process: WorkerProcess, in pool: WorkerPool) {
    let effectIDs = pool.scheduler.removeWorker(process.id)
    for id in effectIDs.sorted() {
      guard let record = effects[id] else { continue }
      send(.cancel(.init(effect: id, generation: record.generation)), to: process)
      effects.detach(record)
      if case let .worker(worker) = pool.scheduler.placeFirst(id, key: record.affinityKey) {
        dispatch(record, to: worker, in: pool)
      }
    }
    dispatchWaiting(in: pool)
  }
}
