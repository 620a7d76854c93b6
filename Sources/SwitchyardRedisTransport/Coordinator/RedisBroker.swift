import Foundation
import Synchronization
import SwitchyardRedis
import SwitchyardRuntime
import SwitchyardWire

/// The coordinator's end of the Redis transport, shared by every remote pool's ``BrokerLink``:
/// one thread encodes the `run`s and `cancel`s links queued into stream entries and appends them,
/// another reads the reply stream and hands each reply to the link of the pool whose effect it
/// answers.
///
/// Replies name an effect, not a kind, so the broker remembers which kind each effect it
/// enqueued belongs to until its attempt ends.
final class RedisBroker: Sendable {
  /// Where its events go, each with the Redis server as its `broker` field.
  let log: @Sendable (LogEvent) -> Void
  private let writer: StreamQueue
  let reader: StreamQueue
  let state = Mutex(State())
  let wake = DispatchSemaphore(value: 0)
  private let isClosed = Atomic<Bool>(false)
  let kinds: [JobKind]
  /// The server, as a link's ``LinkPeer/broker(_:)`` names it.
  private let server: String

  struct State {
    var links: [JobKind: BrokerLink] = [:]
    /// The kind and current generation of every effect enqueued and not yet ended, and its job's
    /// entry once written.
    var routes: [UInt64: (kind: JobKind, generation: UInt32, entry: StreamEntryID?)] = [:]

    /// The kind of `effect`, forgetting it when `ending` its current generation; a stale
    /// attempt's end still reaches the pool, whose fence drops it.
    mutating func kind(of effect: UInt64, ending generation: UInt32? = nil) -> JobKind? {
      guard let route = routes[effect] else { return nil }
      if let generation, generation == route.generation { routes[effect] = nil }
      return route.kind
    }
    var outbox: [(message: Outgoing, kind: JobKind)] = []
    /// Each kind's latest backlog and its live workers' heartbeat ages, and when they were read.
    var backlogs: [JobKind: (backlog: StreamBacklog, heartbeats: [String: Duration], at: ContinuousClock.Instant)] = [:]
    /// The remote workers whose heartbeat was seen: only those are found dead by its absence.
    var beating: Set<String> = []
    /// The remote workers found dead, and when: each death is logged once.
    var deaths: [String: ContinuousClock.Instant] = [:]
    /// Each pool's backlog, effects queued in the coordinator and in flight, as its last tick told.
    var poolBacklogs: [JobKind: Int] = [:]
    /// Every remote worker that wrote a reply, by consumer name: its kind once known, and when.
    var heard: [String: (kind: JobKind?, at: ContinuousClock.Instant)] = [:]
    /// Workers first heard without their kind (their `hello` went before this coordinator read
    /// the stream), whose heartbeat keys are to be looked for once (``learnKinds()``).
    var unplaced: Set<String> = []
    /// Remote workers' latest counters, summed per kind for their pool's status.
    var heartbeats = RemoteHeartbeats()
    /// The jobs each kind's stream lost, and those whose entries were found gone, awaiting a read
    /// of the replies that could still end them.
    var losses: [JobKind: StreamLosses] = [:]
  }

  /// A `run` or `cancel` on its way to Redis, encoded by the writing thread.
  enum Outgoing {
    case run(JobDispatch)
    case cancel(Cancel)

    /// The stream entry's message: its JSON, encoded here once, and its generation.
    var encoded: EncodedMessage {
      switch self {
      case let .run(run):
        var payload: [UInt8] = []
        run.appendPayload(to: &payload)
        return EncodedMessage(payload: payload, generation: run.generation)
      case let .cancel(cancel):
        return EncodedMessage(.cancel(cancel))
      }
    }
  }

  /// The most replies one read takes, so the store applies a burst's first replies while later
  /// ones are still read.
  static let replyBatch = 128

  /// The most bytes a reply entry may hold: a frame's 16 MiB payload (proto/PROTOCOL.md), which
  /// bounds a worker's `emit`, and room for the entry's other fields. Larger ones are deleted
  /// unread.
  static let maxReplyEntry = (16 << 20) + (16 << 10)

  /// The most bytes one read of the reply stream may hold: a read that would hold more is made
  /// again with fewer entries, down to one, which always fits.
  static let maxReplyRead = 2 * maxReplyEntry

  /// How long a read of the reply stream waits for an entry: the longest a link goes unheard
  /// while Redis answers.
  static let replyBlock = Duration.milliseconds(500)

  init(configuration: RedisConfiguration, layout: StreamLayout, kinds: [JobKind], log: @escaping @Sendable (LogEvent) -> Void) throws(RedisError) {
    let server = "redis \(configuration.host):\(configuration.port)"
    let log: @Sendable (LogEvent) -> Void = { log($0.adding([.string("broker", server)])) }
    self.log = log
    self.kinds = kinds
    self.server = server
    writer = StreamQueue(layout: layout, connection: RedisConnection(configuration: configuration))
    var readerConfiguration = configuration
    readerConfiguration.limits.maxBulkLength = Self.maxReplyEntry
    readerConfiguration.limits.maxReplyLength = Self.maxReplyRead
    reader = StreamQueue(layout: layout, connection: RedisConnection(configuration: readerConfiguration))
    try writer.connection.connect { log(LogEvent($0.nextDelay == nil ? .error : .warning, "\($0)")) }
    try writer.prepare(kinds: kinds.map(\.rawValue))
    Thread.detachNewThread(named: "sy-broker-write") { [self] in writeLoop() }
    Thread.detachNewThread(named: "sy-broker-read") { [self] in readLoop() }
  }

  /// A link for the pool of `kind`, ready at once: the stream takes jobs as soon as it exists,
  /// whether or not a worker reads it yet.
  func attach(kind: JobKind, events: WorkerLinkEvents) -> BrokerLink {
    let link = BrokerLink(kind: kind, events: events, broker: self)
    state.withLock { $0.links[kind] = link }
    return link
  }

  /// What the broker of `kind`'s pool is, as status shows it: the server and the job stream.
  func describe(_ kind: JobKind) -> String {
    "\(server), stream \(writer.layout.jobs(kind.rawValue))"
  }

  /// The counters of `kind`'s remote workers, summed from their latest heartbeats.
  func remoteCounters(of kind: JobKind) -> [String: Int64] {
    state.withLock { $0.heartbeats.counters(of: kind) }
  }

  func detach(_ link: BrokerLink) {
    state.withLock { state in
      if state.links[link.kind] === link { state.links[link.kind] = nil }
    }
  }

  /// Queues `run`s and `cancel`s for the writing thread.
  func post(_ messages: [Outgoing], from link: BrokerLink) {
    guard !messages.isEmpty else { return }
    state.withLock { state in
      for message in messages {
        switch message {
        case let .run(run): state.routes[run.effect] = (link.kind, run.generation, nil)
        case let .cancel(cancel): _ = state.kind(of: cancel.effect, ending: cancel.generation)
        }
      }
      state.outbox += messages.map { ($0, link.kind) }
    }
    wake.signal()
  }

  /// Stops both threads and closes both connections; links already attached hear nothing more.
  func close() {
    guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    writer.connection.close()
    reader.connection.close()
    wake.signal()
  }

  /// Appends what links queued, in order; while Redis cannot be reached, keeps it and tries
  /// again every second (the connection reconnects with backoff), so no job is dropped.
  private func writeLoop() {
    var outage = false
    while !isClosed.load(ordering: .acquiring) {
      wake.wait()
      let messages = state.withLock { state in
        defer { state.outbox.removeAll(keepingCapacity: true) }
        return state.outbox
      }
      guard !messages.isEmpty, !isClosed.load(ordering: .acquiring) else { continue }
      do {
        try write(messages)
        if outage { log(.info("Redis answers again; the remote pools' jobs flow.")) }
        outage = false
      } catch {
        if !outage { log(.error("could not write to Redis (\(error)); the remote pools' jobs wait and are written once it answers.")) }
        outage = true
        state.withLock { $0.outbox.insert(contentsOf: messages, at: 0) }
        Thread.sleep(forTimeInterval: 1)
        wake.signal()
      }
    }
  }

  /// Appends `run`s in pipelines and broadcasts `cancel`s, in the order they were queued.
  ///
  /// A pipeline cut off by a lost connection may have run in part, so it is written again
  /// whole: a job then sits in its stream twice under one generation, and the effect's fence
  /// takes its first end and drops the second.
  private func write(_ messages: [(message: Outgoing, kind: JobKind)]) throws(RedisError) {
    var runs: [(kind: String, run: EncodedMessage)] = []
    var attempts: [(effect: UInt64, generation: UInt32)] = []
    func enqueue() throws(RedisError) {
      noteWritten(attempts, at: try writer.enqueue(encoded: runs))
      runs.removeAll()
      attempts.removeAll()
    }
    for (message, kind) in messages {
      switch message {
      case let .run(run):
        runs.append((kind.rawValue, message.encoded))
        attempts.append((run.effect, run.generation))
      case .cancel:
        try enqueue()
        try writer.broadcast(encoded: message.encoded)
      }
    }
    try enqueue()
  }

  /// Remembers where each attempt's job was written, while it is still the effect's current one:
  /// what a check for lost jobs looks for (``findLostJobs(of:among:length:)``).
  private func noteWritten(_ attempts: [(effect: UInt64, generation: UInt32)], at entries: [StreamEntryID]) {
    guard !entries.isEmpty else { return }
    state.withLock { state in
      for ((effect, generation), entry) in zip(attempts, entries) where state.routes[effect]?.generation == generation {
        state.routes[effect]?.entry = entry
      }
    }
  }

  /// Reads replies forever. Every read Redis answers is the links' proof of life: the broker
  /// stands for the stream. While Redis does not answer the links go unheard, so status shows
  /// the outage (the broker suspect, its last heartbeat ageing); the supervisor waits it out
  /// (effects' deadlines still hold) rather than killing the links and retrying every effect.
  ///
  /// Workers whose heartbeat stopped are released only once Redis has answered for a whole
  /// ``WorkerLiveness/timeout``: after an outage, every worker needs that long to beat again.
  private func readLoop() {
    var position = StreamReadPosition.after(.zero)
    var backlogsRead = ContinuousClock.now - Self.backlogInterval
    var answeringSince = ContinuousClock.now
    var outage = false
    var count = Self.replyBatch
    while !isClosed.load(ordering: .acquiring) {
      if ContinuousClock.now - backlogsRead >= Self.backlogInterval {
        backlogsRead = .now
        do {
          try readBacklogs(releasingDead: backlogsRead - answeringSince >= WorkerLiveness.timeout)
        } catch {
          answeringSince = .now
        }
        // Replies applied are trimmed once a pass of the backlogs, not after every read.
        if case let .after(applied) = position, applied != .zero { try? reader.trimReplies(before: applied) }
        // A pass held up, or the trim after it, is Redis stalled, as a slow read is: heartbeats
        // could not be written meanwhile.
        if ContinuousClock.now - backlogsRead > Self.stalledPass { answeringSince = .now }
      }
      let batch: StreamBatch<WorkerMessage>
      let readStarted = ContinuousClock.now
      do throws(RedisError) {
        batch = try reader.readReplies(after: position, count: count, block: Self.replyBlock)
        if outage { log(.info("Redis answers again; reading the reply stream.")) }
        outage = false
        // A read far past its block is Redis stalled: heartbeats could not be written meanwhile.
        if ContinuousClock.now - readStarted > Self.replyBlock + .seconds(2) { answeringSince = .now }
      } catch .protocolViolation(let violation) where violation.isOverLimit {
        // Not a pass: the links are heard again once a read gets past the entries refused.
        count = skipOversized(violation, after: position, count: count)
        continue
      } catch {
        guard !isClosed.load(ordering: .acquiring) else { return }
        if !outage { log(.error("could not read the reply stream (\(error)); trying again every second.")) }
        outage = true
        answeringSince = .now
        Thread.sleep(forTimeInterval: 1)
        continue
      }
      for entry in batch.rejected { log(.warning("\(entry)", .string("stream_entry", "\(entry.id)"))) }
      route(batch.messages)
      if let last = batch.last { position = .after(last) }
      // Fewer entries than asked for: the stream is caught up with, so every end written before
      // this read has been routed, and jobs found gone before it without one are lost.
      if batch.messages.count + batch.rejected.count < count {
        count = Self.replyBatch
        redispatchLostJobs()
      }
    }
  }

  /// After a read of `count` entries the client refused as too large: returns how many the next
  /// read asks for. Too many bytes in all halves the count; an entry too large on its own (or
  /// alone in the read) is deleted unread among the next `count`, with a warning naming it.
  private func skipOversized(_ violation: RESPProtocolError, after position: StreamReadPosition, count: Int) -> Int {
    if case .replyOverLimit = violation, count > 1 { return count / 2 }
    do {
      let after = if case let .after(id) = position { id } else { StreamEntryID.zero }
      let dropped = try reader.dropOversizedReplies(after: after, count: count, limit: Self.maxReplyEntry)
      for entry in dropped { log(.warning("\(entry)", .string("stream_entry", "\(entry.id)"))) }
      return dropped.isEmpty ? max(1, count / 2) : count
    } catch {
      if !isClosed.load(ordering: .acquiring) {
        log(.error("could not skip the reply stream's oversized entries (\(error)); trying again in a second."))
        Thread.sleep(forTimeInterval: 1)
      }
      return count
    }
  }

  /// Hands each reply to its pool's link, in order, and tells every link it was heard.
  private func route(_ replies: [StreamMessage<WorkerMessage>]) {
    let (links, byKind) = state.withLock { state -> ([BrokerLink], [JobKind: [WorkerMessage]]) in
      var byKind: [JobKind: [WorkerMessage]] = [:]
      let now = ContinuousClock.now
      for reply in replies {
        if let worker = reply.worker {
          var kind = state.heard[worker]?.kind
          if case let .hello(hello) = reply.message { kind = hello.kind.map { JobKind($0) } }
          if kind == nil, let effect = reply.message.effect { kind = state.routes[effect]?.kind }
          if kind == nil, state.heard[worker] == nil { state.unplaced.insert(worker) }
          state.heard[worker] = (kind, now)
        }
        let kind: JobKind?
        switch reply.message {
        case let .emit(emit): kind = state.kind(of: emit.effect)
        case let .finished(finished):
          noteIfLate(finished.effect, generation: finished.generation, from: reply.worker, in: state)
          kind = state.kind(of: finished.effect, ending: finished.generation)
        case let .failed(failed):
          noteIfLate(failed.effect, generation: failed.generation, from: reply.worker, in: state)
          kind = state.kind(of: failed.effect, ending: failed.generation)
        case let .hello(hello):
          log(
            .info(
              "remote worker \(reply.worker ?? "?") serves '\(hello.kind ?? "?")' (protocol \(hello.version))",
              .string("pool", hello.kind ?? "?"), .string("worker", reply.worker ?? "?")
            )
          )
          kind = nil
        case let .heartbeat(heartbeat):
          if let worker = reply.worker, let workerKind = state.heard[worker]?.kind {
            state.heartbeats.record(heartbeat, from: worker, kind: workerKind)
          }
          kind = nil
        default: kind = nil
        }
        if let kind { byKind[kind, default: []].append(reply.message) }
      }
      return (Array(state.links.values), byKind)
    }
    for link in links {
      link.heard()
      if let messages = byKind[link.kind] { link.events.messages(messages) }
    }
  }

  /// Logs the end of an attempt the coordinator has moved past: a worker that stopped answering
  /// came back after its job was reclaimed. The pool's fence drops it.
  private func noteIfLate(_ effect: UInt64, generation: UInt32, from worker: String?, in state: State) {
    let current = state.routes[effect]?.generation
    guard current != generation else { return }
    let since = current.map { "attempt \($0) was dispatched" } ?? "the effect ended"
    log(
      .info(
        "effect \(effect) attempt \(generation) ended on \(worker ?? "?") after \(since); dropped.",
        .integer("effect_id", effect), .integer("attempt", generation), .string("worker", worker ?? "?")
      )
    )
  }
}

extension WorkerMessage {
  /// The effect an attempt's message belongs to.
  fileprivate var effect: UInt64? {
    switch self {
    case let .emit(emit): emit.effect
    case let .finished(finished): finished.effect
    case let .failed(failed): failed.effect
    default: nil
    }
  }
}
