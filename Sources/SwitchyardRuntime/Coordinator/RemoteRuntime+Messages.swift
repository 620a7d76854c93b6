import SwitchyardWire

extension RemoteRuntime {
  /// Handles one batch of events from the workers' I/O threads.
  func handle(_ events: [WorkerEvent]) {
    // Every frame of the batch had arrived by now: one reading of the clock times all the effects
    // they end, rather than one per effect.
    let now = ContinuousClock.now
    for event in events {
      switch event {
      case let .messages(worker, kind, messages):
        guard let pool = pools[kind] else { continue }
        handle(messages, from: worker, in: pool, at: now)
      case let .closed(worker, kind, reason, status):
        guard let pool = pools[kind] else { continue }
        supervisors[pool.kind]?.workerClosed(worker, reason: reason, status: status)
      }
    }
  }

  private func handle(_ messages: [WorkerMessage], from worker: Int, in pool: WorkerPool, at now: ContinuousClock.Instant) {
    guard let process = pool.workers[worker] else { return }
    for message in messages {
      switch message {
      case let .emit(emit):
        guard let record = effects.current(emit.effect, generation: emit.generation, from: worker) else { continue }
        lifeWatch?(.output(effect: record.id, json: emit.output))
        do {
          try record.emit(emit.output, sequence: emit.sequence)
        } catch {
          send(.cancel(.init(effect: record.id, generation: record.generation)), to: process)
          let failure = JobFailure(
            code: .malformed,
            message: "A '\(pool.kind)' output did not decode: \(error). Are the worker and coordinator the same build?"
          )
          complete(record, in: pool, with: .failure(failure))
        }
      case let .finished(finished):
        guard let record = effects.current(finished.effect, generation: finished.generation, from: worker) else {
          continue
        }
        complete(record, in: pool, with: .success(()), at: now)
      case let .failed(failed):
        guard let record = effects.current(failed.effect, generation: failed.generation, from: worker) else { continue }
        if failed.code == JobFailure.Code.workerLost.rawValue {
          attemptLost(record, in: pool, because: failed.message)
          continue
        }
        let failure = JobFailure(code: .init(failed.code), message: failed.message, retryable: failed.retryable)
        complete(record, in: pool, with: .failure(failure))
      case let .heartbeat(heartbeat):
        process.counters = heartbeat.counters
        process.lastHeartbeat = now
      case let .hello(hello):
        supervisors[pool.kind]?.workerSaidHello(process, hello: hello)
      case .pong:
        process.lastHeartbeat = now
      default:
        logEvent(LogEvent(.info, "unexpected message from a worker: \(message)", fields: process.logFields))
      }
    }
  }
}
