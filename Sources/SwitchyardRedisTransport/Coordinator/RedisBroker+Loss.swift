import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardWire

/// Redis losing a remote pool's jobs: restarted without persistence, `FLUSHALL`, `XTRIM` of a job
/// stream, `XGROUP DESTROY` of its worker group. Each pass of the backlogs checks for it; each job
/// lost is dispatched again under a new generation, which fences off whatever its old attempt
/// still sends, and the effect's count of delivered outputs keeps any from arriving twice.
extension RedisBroker {
  /// The effects of `kind` in flight whose jobs were written, then the stream's backlog.
  ///
  /// When the stream or its worker group is gone (`NOGROUP`), or a worker made the group again
  /// (it lacks the coordinator's mark), both are made again, empty, first
  /// (``StreamQueue/recreateJobStream(of:)``), so the jobs in flight all go missing and are
  /// dispatched again: with the group went which worker holds which job.
  func readBacklog(of kind: JobKind) throws(RedisError) -> (written: [WrittenJob], backlog: StreamBacklog) {
    let written = writtenJobs(of: kind)
    let how: String
    do {
      let backlog = try reader.backlog(of: kind.rawValue)
      if backlog.isMarked { return (written, backlog) }
      how = "had lost its worker group (a worker made it again)"
    } catch .server(let error) where error.code == "NOGROUP" {
      how = "had lost its worker group"
    }
    state.withLock { $0.losses[kind, default: StreamLosses()].groupLost() }
    let stream = reader.layout.jobs(kind.rawValue)
    try reader.recreateJobStream(of: kind.rawValue)
    log(
      .warning(
        "the '\(kind)' pool's job stream \(stream) \(how): Redis restarted without its data, was flushed, "
          + "or the group was destroyed. Made the stream and its group again, empty; the pool's jobs in flight are dispatched again.",
        .string("pool", kind.rawValue)
      )
    )
    return (writtenJobs(of: kind), try reader.backlog(of: kind.rawValue))
  }

  /// One effect's current attempt and where its job was written.
  struct WrittenJob {
    let effect: UInt64
    let generation: UInt32
    let entry: StreamEntryID
  }

  private func writtenJobs(of kind: JobKind) -> [WrittenJob] {
    state.withLock { state in
      state.routes.compactMap { effect, route in
        guard route.kind == kind, let entry = route.entry else { return nil }
        return WrittenJob(effect: effect, generation: route.generation, entry: entry)
      }
    }
  }

  /// Finds which of `written` lost their entries, when the stream holds fewer entries than them
  /// (`length`, read after `written` was taken): a job written and not yet answered has its
  /// entry, as a worker deletes it in the same transaction as it writes the job's end. The count
  /// comes with the backlog, so only a stream shorter than its jobs in flight is searched entry by
  /// entry, in one script: after a loss, or under load, when ends are written and not yet read.
  ///
  /// Those gone become suspects, lost unless the replies read next end them.
  func findLostJobs(of kind: JobKind, among written: [WrittenJob], length: Int) throws(RedisError) {
    guard written.count > length else { return }
    let missing = try reader.missingJobs(of: kind.rawValue, among: written.map(\.entry))
    guard !missing.isEmpty else { return }
    let suspects = written.filter { missing.contains($0.entry) }.map { ($0.effect, $0.generation) }
    state.withLock { $0.losses[kind, default: StreamLosses()].suspects = suspects }
  }

  /// Dispatches again every suspect still awaiting its end, once the replies written before it
  /// was found gone have all been read: its pool hears a retryable `workerLost` failure for the
  /// attempt, and its old attempt is cancelled, should a worker still run it. Logs what each
  /// pool lost.
  func redispatchLostJobs() {
    let lost = state.withLock { state -> [(kind: JobKind, link: BrokerLink?, attempts: [(effect: UInt64, generation: UInt32)])] in
      var lost: [(kind: JobKind, link: BrokerLink?, attempts: [(effect: UInt64, generation: UInt32)])] = []
      for (kind, losses) in state.losses where !losses.suspects.isEmpty {
        let attempts = losses.suspects.filter { state.routes[$0.effect]?.generation == $0.generation }
        state.losses[kind]?.suspects = []
        guard !attempts.isEmpty else { continue }
        for attempt in attempts {
          state.routes[attempt.effect] = nil
          state.outbox.append((.cancel(Cancel(effect: attempt.effect, generation: attempt.generation)), kind))
        }
        state.losses[kind]?.lost(attempts.count)
        lost.append((kind, state.links[kind], attempts))
      }
      return lost
    }
    guard !lost.isEmpty else { return }
    wake.signal()
    for (kind, link, attempts) in lost {
      let stream = reader.layout.jobs(kind.rawValue)
      log(
        .warning(
          "Redis lost \(attempts.count) jobs of the '\(kind)' pool from its stream \(stream): restarted without its data, "
            + "flushed, trimmed, or its group destroyed. Dispatching those \(attempts.count) effects again.",
          .string("pool", kind.rawValue)
        )
      )
      let why = "job's entry in Redis stream \(stream) was lost (Redis restarted without its data, was flushed, or the stream was trimmed)"
      link?.events.messages(
        attempts.map { attempt in
          .failed(
            Failed(
              effect: attempt.effect, generation: attempt.generation, code: JobFailure.Code.workerLost.rawValue, message: why,
              retryable: true
            )
          )
        }
      )
    }
  }
}
