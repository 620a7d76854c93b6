import SwitchyardWire

extension EffectRouter {
  /// Handles one batch of events from the workers' links: replies about effects go through the
  /// fence to their effects; what workers say about themselves, and their exits, go to their
  /// pool's supervisor, whose outcomes are then carried out.
  func handle(_ events: [WorkerEvent]) {
    // Every frame of the batch had arrived by now: one reading of the clock times all the effects
    // they end, rather than one per effect.
    let now = ContinuousClock.now
    for event in events {
      switch event {
      case let .messages(worker, kind, messages):
        guard let supervisor = supervisors[kind] else { continue }
        handle(messages, from: worker, in: supervisor, at: now)
      case let .closed(worker, kind, reason, status):
        guard let supervisor = supervisors[kind] else { continue }
        apply(supervisor.workerClosed(worker, reason: reason, status: status), in: supervisor)
      }
    }
  }

  private func handle(_ messages: [WorkerMessage], from worker: Int, in supervisor: PoolSupervisor, at now: ContinuousClock.Instant) {
    guard let process = supervisor.worker(worker) else { return }
    for message in messages {
      switch message {
      case let .emit(emit):
        guard let record = effects.current(emit.effect, generation: emit.generation, from: worker) else { continue }
        lifeWatch?(.output(effect: record.id, json: emit.output))
        do {
          try record.emit(emit.output, sequence: emit.sequence)
        } catch let gap as OutputGap {
          outputsLost(record, gap, from: process, in: supervisor)
        } catch {
          cancel(record, on: worker, in: supervisor)
          let failure = JobFailure(
            code: .malformed,
            message: "A '\(supervisor.kind)' output did not decode: \(error). Are the worker and coordinator the same build?"
          )
          complete(record, in: supervisor, with: .failure(failure))
        }
      case let .finished(finished):
        guard let record = effects.current(finished.effect, generation: finished.generation, from: worker) else {
          continue
        }
        if let gap = record.gap(finishedAfter: finished.outputs) {
          outputsLost(record, gap, from: process, in: supervisor)
          continue
        }
        complete(record, in: supervisor, with: .success(()), at: now)
      case let .failed(failed):
        guard let record = effects.current(failed.effect, generation: failed.generation, from: worker) else { continue }
        if failed.code == JobFailure.Code.workerLost.rawValue {
          attemptLost(record, in: supervisor, because: failed.message)
          continue
        }
        let failure = JobFailure(code: .init(failed.code), message: failed.message, retryable: failed.retryable)
        complete(record, in: supervisor, with: .failure(failure))
      default:
        apply(supervisor.heard(message, from: process, at: now), in: supervisor)
      }
    }
  }
}
