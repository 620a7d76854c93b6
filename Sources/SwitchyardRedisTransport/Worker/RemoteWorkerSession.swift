import Foundation
import Synchronization
import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardWire

/// The state of one ``RedisWorker`` while it serves its stream: the jobs it holds, by effect,
/// the handlers that run them in this process, and the replies on their way out.
final class RemoteWorkerSession: Sendable {
  let kind: JobKind
  /// Its consumer name, `HOST/PID`.
  let name: String
  let replies: StreamQueue
  let concurrency: Int
  /// How long a job may sit unrenewed before another worker reclaims it; also how long an
  /// affinity key stays bound to this worker after its last job of that key.
  let claimIdle: Duration
  let outbox = ReplyOutbox()
  /// Held by whoever writes replies, so they leave in order.
  private let replyOrder = Mutex(())
  private let worker = Mutex<InProcessWorker?>(nil)
  /// The entries of the jobs it runs, acknowledged when they end and renewed while they run, and
  /// the cancels that came before their jobs.
  private let held = Mutex(HeldJobs())
  /// This worker's jobs outside ``held``: those whose ends are on their way to Redis (or wait while
  /// Redis refuses them), and those read meanwhile, waiting to start. Renewed as held ones are.
  private let waiting = Mutex<[StreamMessage<Run>]>([])
  /// Signalled when a job ends while the reader waits at its concurrency, so it reads again.
  private let freed = DispatchSemaphore(value: 0)
  private let readerWaits = Atomic<Bool>(false)
  /// Since when the job reader has been starting jobs, `nil` while it reads. Jobs start on its
  /// thread and run there until they first suspend, so a handler that blocks it for good stops
  /// this worker taking jobs; its held jobs must then not be renewed forever.
  private let handlingSince = Mutex<ContinuousClock.Instant?>(nil)

  init(kind: JobKind, name: String, replies: StreamQueue, concurrency: Int, claimIdle: Duration) {
    self.kind = kind
    self.name = name
    self.replies = replies
    self.concurrency = max(1, concurrency)
    self.claimIdle = claimIdle
  }

  /// Runs jobs with `host`'s handlers, in this process; `false` when it has none for the kind.
  func start(_ host: WorkerHost) -> Bool {
    guard let worker = host.inProcess(replies: { [outbox] in outbox.append($0) }) else { return false }
    self.worker.withLock { $0 = worker }
    return true
  }

  // MARK: - Jobs in

  /// The most jobs one read takes: a burst is started, answered and read back by the
  /// coordinator in slices that overlap, rather than in one slice each stage waits for whole.
  static let readBatch = 32

  /// Reads jobs through the consumer group and starts them, forever.
  ///
  /// After starting a batch it keeps the outbox: the replies of the jobs that finished at once
  /// go out in the same pipeline as the next read, which does not wait, so a busy worker spends
  /// one round trip per batch. Only when that read finds nothing does it block for more.
  func readJobs(from queue: StreamQueue) -> Never {
    var holdsOutbox = false
    while true {
      var free = concurrency - held.withLock(\.count)
      if free <= 0, !holdsOutbox {
        // Flag first, then look again: a job ending in between either sees the flag or is seen.
        readerWaits.store(true, ordering: .sequentiallyConsistent)
        free = concurrency - held.withLock(\.count)
        if free <= 0 { _ = freed.wait(timeout: .now() + 1) }
        readerWaits.store(false, ordering: .sequentiallyConsistent)
        continue
      }
      do {
        let batch: StreamBatch<Run>
        if holdsOutbox {
          batch = try replyThenRead(from: queue)
          holdsOutbox = false
          outbox.release()
        } else {
          batch = try queue.readJobs(
            kind: kind.rawValue, worker: name, count: min(free, Self.readBatch), block: .seconds(1), affinityLease: claimIdle)
        }
        for entry in batch.rejected { log(.warning("\(entry)", .string("stream_entry", "\(entry.id)"))) }
        guard !batch.messages.isEmpty else { continue }
        var started: [StreamMessage<Run>] = []
        let cancelled = endHeld { held in
          let outcome = held.hold(batch.messages)
          started = outcome.started
          return outcome.cancelled
        }
        if !cancelled.isEmpty { write(WorkerReplies(completed: cancelled)) }
        guard !started.isEmpty else { continue }
        // Jobs that finish without suspending reply here, with no thread woken to write.
        outbox.hold()
        holdsOutbox = true
        handlingSince.withLock { $0 = .now }
        handle(started.map { .run($0.message) })
        handlingSince.withLock { $0 = nil }
      } catch {
        if holdsOutbox {
          holdsOutbox = false
          outbox.release()
        }
        log(.error("could not read '\(kind)' jobs (\(error)); trying again."))
        Thread.sleep(forTimeInterval: 1)
      }
    }
  }

  /// Writes what waits in the outbox and reads the next batch without waiting, in one pipeline;
  /// replies the pipeline may not have written are written again on their own.
  private func replyThenRead(from queue: StreamQueue) throws(RedisError) -> StreamBatch<Run> {
    try replyOrder.withLock { _ throws(RedisError) -> StreamBatch<Run> in
      var replies = takeReplies()
      // Renewed since they ended (``endHeld(_:)``), until the pipeline or ``write(_:)`` wrote their ends.
      let ending = replies.completed
      defer { stopRenewing(ending) }
      let free = concurrency - held.withLock(\.count)
      guard free > 0 else {
        write(replies)
        return StreamBatch()
      }
      do throws(RedisError) {
        let batch = try queue.readJobs(
          kind: kind.rawValue, worker: name, count: min(free, Self.readBatch), affinityLease: claimIdle, afterWriting: &replies)
        // Replies Redis refused (out of memory) go again first, in order; the jobs read with
        // them are renewed as they wait to start.
        if !replies.isEmpty { keepRenewing(batch.messages) { write(replies) } }
        return batch
      } catch {
        write(replies)
        throw error
      }
    }
  }

  /// Remembers the cancels broadcast before this worker started, as many as ``HeldJobs`` keeps,
  /// and returns where reading the broadcast continues.
  ///
  /// A job cancelled while no worker was reading its stream still waits there; without this, the
  /// first worker to start would run it to its end for a result the coordinator drops. It runs
  /// before the first read of jobs, so no job is read ahead of its cancel.
  func rememberRecentCancels(from queue: StreamQueue) throws(RedisError) -> StreamReadPosition {
    let recent = try queue.recentCancels(count: HeldJobs.rememberedCancels)
    for entry in recent.rejected { log(.warning("\(entry)", .string("stream_entry", "\(entry.id)"))) }
    held.withLock { held in
      for cancel in recent.messages { _ = held.cancel(cancel.message) }
    }
    return .after(recent.last ?? .zero)
  }

  /// Reads the cancellation broadcast after `start` and cancels the jobs it holds at the named
  /// generation.
  func readCancels(_ queue: StreamQueue, after start: StreamReadPosition) {
    var position = start
    while true {
      do {
        let batch = try queue.readCancels(after: position, block: .seconds(1))
        if let last = batch.last { position = .after(last) }
        let cancelled = endHeld { held in batch.messages.compactMap { held.cancel($0.message) } }
        guard !cancelled.isEmpty else { continue }
        handle(cancelled.map { .cancel(Cancel(effect: $0.message.effect, generation: $0.message.generation)) })
        write(WorkerReplies(completed: cancelled))
      } catch {
        log(.error("could not read cancellations (\(error)); trying again."))
        Thread.sleep(forTimeInterval: 1)
      }
    }
  }

  /// Every `interval`: renews the jobs it holds, reclaims abandoned ones, and pings the handlers,
  /// whose `heartbeat` goes to the coordinator.
  func maintain(every interval: Duration) {
    var lastTick = ContinuousClock.now
    while true {
      Thread.sleep(forTimeInterval: interval.seconds)
      let now = ContinuousClock.now
      // A reader stuck starting jobs for the claim idle time is blocked by a handler: this worker
      // exits, so its jobs go unrenewed and another worker reclaims them. The time is counted
      // afresh when this worker itself was stopped or starved, whose fault it is not.
      let wasStalled = now - lastTick > interval * 2
      lastTick = now
      let stuck = handlingSince.withLock { since -> Duration in
        if wasStalled, since != nil { since = now }
        return since.map { now - $0 } ?? .zero
      }
      if stuck > claimIdle {
        log(
          .error(
            "a '\(kind)' handler has blocked the job reader for \(stuck.milliseconds) ms, past the claim idle time; "
              + "\(name) exits so that other workers reclaim its jobs."
          )
        )
        exit(70)
      }
      do {
        try replies.keepHandOffs(kind: kind.rawValue, worker: name, lease: claimIdle)
        // Held first: a job that ends meanwhile moves to `waiting` before it leaves `held`.
        let holding = held.withLock(\.all)
        let jobs = holding + waiting.withLock { $0 }
        if !jobs.isEmpty {
          try replies.renew(jobs, worker: name)
          try replies.renewLeases(jobs, kind: kind.rawValue, lease: claimIdle)
        }
        let reclaimed = try replies.reclaimAbandoned(kind: kind.rawValue, worker: name, minIdle: claimIdle)
        for entry in reclaimed.rejected { log(.warning("\(entry)", .string("stream_entry", "\(entry.id)"))) }
        if !reclaimed.messages.isEmpty {
          log(.info("\(name): handed \(reclaimed.messages.count) abandoned '\(kind)' jobs back to the coordinator."))
        }
      } catch {
        log(.error("could not renew or reclaim '\(kind)' jobs (\(error))."))
      }
      handle([.ping(Ping(nonce: 0))])
    }
  }

  private func handle(_ messages: [WorkerMessage]) {
    worker.withLock { $0 }?.handle(messages)
  }

  // MARK: - Replies out

  /// Writes what the handlers said to the reply stream whenever they say something, forever.
  func serveReplies() -> Never {
    while true {
      outbox.wait()
      writeReplies()
    }
  }

  /// Writes what waits in the outbox, in one pipeline: a job's end with the acknowledgement of
  /// its entry.
  private func writeReplies() {
    replyOrder.withLock { _ in write(takeReplies()) }
  }

  /// What waits in the outbox as stream entries, each encoded here once, and the jobs their ends
  /// complete, which this worker no longer holds. A `pong` answers this worker's own ping and
  /// goes nowhere.
  private func takeReplies() -> WorkerReplies {
    var replies = WorkerReplies()
    for reply in outbox.take() {
      var payload: [UInt8] = []
      switch reply {
      case .pong, .hello: continue
      case .heartbeat:
        reply.appendPayload(to: &payload)
        replies.messages.append(EncodedMessage(payload: payload, generation: nil))
      case let .emit(emit):
        reply.appendPayload(to: &payload)
        replies.messages.append(EncodedMessage(payload: payload, generation: emit.generation))
      case .finished, .failed:
        guard let (effect, generation) = reply.ending else { continue }
        reply.appendPayload(to: &payload)
        replies.messages.append(EncodedMessage(payload: payload, generation: generation))
        if let job = release(effect, generation: generation) { replies.completed.append(job) }
      }
    }
    return replies
  }

  /// Announces this worker on the reply stream, as a worker process's `hello` does.
  func sayHello() throws(RedisError) {
    let hello = Hello(role: "worker", kind: kind.rawValue, pid: getpid(), capabilities: ["cancel", "concurrent"])
    try replies.reply([.hello(hello)], worker: name)
  }

  /// Wakes the reader if it waits for a job to end.
  private func jobsEnded() {
    if readerWaits.load(ordering: .sequentiallyConsistent) { freed.signal() }
  }

  private func release(_ effect: UInt64, generation: UInt32) -> StreamMessage<Run>? {
    endHeld { held in held.release(effect, generation: generation).map { [$0] } ?? [] }.first
  }

  /// Takes the jobs `body` ends out of ``held`` and into ``waiting`` in one step, under held's lock.
  ///
  /// ``maintain(every:)`` lists held jobs, then waiting ones: a job between the two, out of one and
  /// not yet in the other, went unrenewed while its end was on its way out, and once Redis had
  /// stalled past the claim idle time this worker's own reclaim handed it back as lost.
  private func endHeld(_ body: (inout HeldJobs) -> [StreamMessage<Run>]) -> [StreamMessage<Run>] {
    held.withLock { held in
      let ended = body(&held)
      if !ended.isEmpty { waiting.withLock { $0 += ended } }
      return ended
    }
  }

  /// Writes replies, trying again while Redis refuses them (out of memory, or unreachable) for as
  /// long as their jobs may still matter: until the longest deadline among the jobs this worker
  /// holds or ends here, counted from the first refusal (for ever when one has none). The jobs
  /// they end are renewed meanwhile (``waiting``), so no other worker reclaims and reruns them;
  /// given up, they stay pending and are reclaimed, and the coordinator retries them.
  private func write(_ outgoing: WorkerReplies) {
    guard !outgoing.isEmpty else { return }
    defer { if !outgoing.completed.isEmpty { jobsEnded() } }
    keepRenewing(outgoing.completed) { writeWhileItMatters(outgoing) }
  }

  /// Renews `jobs` with the held ones while `body` runs, and stops once it returns; those that
  /// ended here are renewed already.
  private func keepRenewing(_ jobs: [StreamMessage<Run>], while body: () -> Void) {
    guard !jobs.isEmpty else { return body() }
    waiting.withLock { waiting in waiting += jobs.filter { job in !waiting.contains { $0.id == job.id } } }
    defer { stopRenewing(jobs) }
    body()
  }

  /// Stops renewing `jobs`: their ends are written, or given up on.
  private func stopRenewing(_ jobs: [StreamMessage<Run>]) {
    guard !jobs.isEmpty else { return }
    waiting.withLock { waiting in waiting.removeAll { job in jobs.contains { $0.id == job.id } } }
  }

  private func writeWhileItMatters(_ outgoing: WorkerReplies) {
    let refusedSince = ContinuousClock.now
    var attempt = 0
    while true {
      attempt += 1
      do {
        try replies.reply(encoded: outgoing.messages, worker: name, completing: outgoing.completed)
        if attempt > 1 {
          log(.info("wrote \(outgoing.messages.count) replies after \((ContinuousClock.now - refusedSince).milliseconds) ms of refusals."))
        }
        return
      } catch {
        if let limit = Self.retryLimit(for: outgoing.completed + held.withLock(\.all)), ContinuousClock.now - refusedSince >= limit {
          log(
            .error(
              "gave up writing \(outgoing.messages.count) replies after \(attempt) attempts, past their jobs' deadline: \(error); "
                + "their \(outgoing.completed.count) jobs stay pending until another worker hands them back."
            ))
          return
        }
        if attempt == 1 {
          let why = if case let .server(refusal) = error, refusal.code == "OOM" { "Redis is out of memory (maxmemory)" } else { "Redis cannot be written" }
          log(
            .warning(
              "Redis refuses \(outgoing.messages.count) replies ending \(outgoing.completed.count) jobs: \(why): \(error); "
                + "this worker keeps them, and their jobs, and tries again every second."
            ))
        }
        Thread.sleep(forTimeInterval: attempt < 5 ? 0.2 : 1)
      }
    }
  }

  /// How long refused replies are tried again: the longest deadline among `jobs`, `nil` (for
  /// ever) when one has none, a second for replies of no job (a heartbeat's counters).
  private static func retryLimit(for jobs: [StreamMessage<Run>]) -> Duration? {
    guard !jobs.isEmpty else { return .seconds(1) }
    var longest: Int64 = 0
    for job in jobs {
      guard let deadline = job.message.deadlineMillis else { return nil }
      longest = max(longest, deadline)
    }
    return .milliseconds(longest)
  }
}
