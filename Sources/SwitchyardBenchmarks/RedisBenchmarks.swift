import Foundation
import SwitchyardRedis
import SwitchyardWire

/// The Redis transport's streams through one local `redis-server` this case starts on a free
/// loopback port: a job's round trip (XADD → XREADGROUP → XADD reply → XREAD), and jobs per
/// second pipelined in windows. Without `redis-server` the cases report how to install it.
enum RedisBenchmarks {
  static var cases: [BenchmarkCase] {
    [roundTrip, pipelined]
  }

  /// One job at a time: the coordinator enqueues, a worker thread blocked in XREADGROUP takes it
  /// and replies (acknowledging), and the coordinator, blocked in XREAD, reads the reply.
  static var roundTrip: BenchmarkCase {
    BenchmarkCase(
      name: "redis.round-trip",
      summary: "job round trip through Redis streams (enqueue → worker reads → replies → coordinator reads)"
    ) { harness in
      let rounds = harness.mode == .full ? 2_000 : 50
      let times = try withQueues { coordinator in
        var position = StreamReadPosition.after(.zero)
        var times: [Double] = []
        let clock = ContinuousClock()
        for index in 0..<(rounds + rounds / 10) {
          let start = clock.now
          try coordinator.enqueue([job(UInt64(index))])
          var batch = StreamBatch<WorkerMessage>()
          while batch.messages.isEmpty {
            batch = try coordinator.readReplies(after: position, block: .seconds(5))
            if let last = batch.last { position = .after(last) }
          }
          // The first tenth warms both sides and is not counted.
          if index >= rounds / 10 { times.append(start.duration(to: clock.now).nanoseconds) }
        }
        return times
      }
      let sample = BenchmarkSample(perBatch: times, operationsPerBatch: 1)
      return BenchmarkMeasurement(sample, note: "\(times.count) round trips, one worker thread, RESP3, loopback")
    }
  }

  /// Windows of jobs enqueued in one pipeline each; the worker reads up to a window at a time
  /// and answers each read with one pipeline of replies, acknowledgements and deletions.
  static var pipelined: BenchmarkCase {
    BenchmarkCase(
      name: "redis.pipelined",
      summary: "jobs per second through Redis streams, pipelined in windows, one worker",
      target: .atLeastPerSecond(30_000)
    ) { harness in
      let window = harness.mode == .full ? 1_000 : 100
      let windows = harness.mode == .full ? 30 : 2
      let elapsed = try withQueues { coordinator in
        var position = StreamReadPosition.after(.zero)
        let clock = ContinuousClock()
        var start = clock.now
        // Window 0 warms both sides and is not counted.
        for index in 0...windows {
          if index == 1 { start = clock.now }
          try coordinator.enqueue((0..<window).map { job(UInt64(index * window + $0)) })
          var answered = 0
          var last = StreamEntryID.zero
          while answered < window {
            let batch = try coordinator.readReplies(after: position, count: window, block: .seconds(5))
            guard let newest = batch.last else { throw RedisBenchmarkError.noReply }
            last = newest
            position = .after(newest)
            answered += batch.messages.count
          }
          // As a coordinator does once replies are applied, so the reply stream stays short.
          try coordinator.trimReplies(before: last)
        }
        return start.duration(to: clock.now).nanoseconds
      }
      return BenchmarkMeasurement(
        value: Double(window * windows) / (elapsed / 1e9),
        unit: .perSecond,
        note: "\(window * windows) jobs in windows of \(window); each a run entry, a finished reply, XACK and XDEL"
      )
    }
  }

  /// Starts Redis and a worker thread that finishes every job it reads, runs `body` with the
  /// coordinator's queue, then stops both.
  private static func withQueues<Value>(_ body: (StreamQueue) throws -> Value) throws -> Value {
    let server = try LocalRedisServer()
    defer { server.stop() }
    let layout = StreamLayout(coordinator: "bench")
    let coordinator = StreamQueue(layout: layout, connection: RedisConnection(configuration: server.configuration))
    let worker = StreamQueue(layout: layout, connection: RedisConnection(configuration: server.configuration))
    defer { coordinator.connection.close() }
    try coordinator.prepare(kinds: [kind])
    let stopped = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      defer { stopped.signal() }
      // Ends when the connection is closed under the blocked read.
      while let batch = try? worker.readJobs(kind: kind, worker: "bench-worker", count: 1_000, block: .seconds(1)) {
        let ends = batch.messages.map { WorkerMessage.finished(Finished(effect: $0.message.effect, generation: $0.message.generation)) }
        guard (try? worker.reply(ends, worker: "bench-worker", completing: batch.messages)) != nil else { return }
      }
    }
    defer {
      worker.connection.close()
      stopped.wait()
    }
    return try body(coordinator)
  }

  private static let kind = "bench"

  private static func job(_ effect: UInt64) -> Run {
    Run(effect: effect, generation: 1, kind: kind, job: RawJSON(.object(["query": .string("q\(effect)")])), deadlineMillis: 30_000)
  }
}
