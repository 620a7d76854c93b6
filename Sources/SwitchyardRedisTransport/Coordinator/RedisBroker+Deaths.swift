import SwitchyardRedis
import SwitchyardRuntime

extension RedisBroker {
  /// Hands back the jobs of every consumer of `kind`'s group whose heartbeat was seen and is no
  /// longer in `live`, as retryable `workerLost` failures the pool retries on the live workers,
  /// and removes it from the group; logs each death once, naming the worker, its pool and the
  /// effects moved. Returns whether any consumer was removed.
  ///
  /// A consumer never seen beating is left to the workers' reclaiming (a worker of a release
  /// before heartbeats, during a rolling upgrade). One found dead before and back in the group
  /// holds jobs handed to it just before its key expired; they are moved too.
  func releaseDeadWorkers(of kind: JobKind, in backlog: StreamBacklog, live: [String: Duration]) throws(RedisError) -> Bool {
    let dead = state.withLock { state in
      backlog.consumers.filter { live[$0.name] == nil && (state.beating.contains($0.name) || state.deaths[$0.name] != nil) }
    }
    for consumer in dead {
      let moved = try reader.releaseDeadWorker(kind: kind.rawValue, worker: consumer.name).messages.count
      let known = state.withLock { state in
        state.heard[consumer.name] = nil
        state.beating.remove(consumer.name)
        return state.deaths.updateValue(.now, forKey: consumer.name) != nil
      }
      if !known {
        log(
          .info(
            "remote worker \(consumer.name) of the '\(kind)' pool is dead (no heartbeat for \(WorkerLiveness.timeout)); "
              + "moved its \(moved) effects to the live workers.",
            .string("pool", kind.rawValue), .string("worker", consumer.name)
          )
        )
      } else if moved > 0 {
        log(
          .info(
            "moved \(moved) more effects handed to dead remote worker \(consumer.name) of the '\(kind)' pool.",
            .string("pool", kind.rawValue), .string("worker", consumer.name)
          )
        )
      }
    }
    return !dead.isEmpty
  }
}
