import Testing
import SwitchyardWire
@testable import SwitchyardRedis

/// A worker's heartbeat key is its liveness: a key bound to a worker without one moves to the
/// worker reading its job, and a dead worker's jobs are handed back and its consumer removed.
@Suite(.timeLimit(.minutes(3))) struct WorkerLivenessTests {
  let layout = StreamLayout(coordinator: "liveness")
  let lease = Duration.seconds(30)

  func run(_ effect: UInt64, key: String?) -> Run {
    Run(effect: effect, generation: 1, kind: "search", job: nil, affinity: key)
  }

  /// A coordinator's queue with the `search` stream prepared, and a queue per worker in
  /// `workers`, each beating and joined under that name.
  func queues(on server: LocalRedisServer, workers: [String]) throws -> (coordinator: StreamQueue, workers: [StreamQueue]) {
    let coordinator = StreamQueue(layout: layout, connection: server.connection())
    try coordinator.prepare(kinds: ["search"])
    let queues = try workers.map { name in
      let queue = StreamQueue(layout: layout, connection: server.connection())
      try queue.beat(kind: "search", worker: name)
      try queue.join(kind: "search", worker: name)
      return queue
    }
    return (coordinator, queues)
  }

  @Test func namesTheHeartbeatAndBacklogKeysUnderTheHashTag() {
    #expect(layout.heartbeat("search", worker: "node-3/42") == "switchyard:{liveness}:heartbeat:search:node-3/42")
    #expect(layout.backlog("search") == "switchyard:{liveness}:backlog:search")
  }

  @Test func aKeyBoundToAWorkerWithoutAHeartbeatMovesToTheReader() async throws {
    try await withRedisServer { server in
      let (coordinator, workers) = try queues(on: server, workers: ["dead/1", "live/2"])
      let (dead, live) = (workers[0], workers[1])
      try coordinator.enqueue([run(1, key: "k")])
      #expect(try dead.readJobs(kind: "search", worker: "dead/1", count: 10, affinityLease: lease).messages.map(\.message.effect) == [1])

      // While its heartbeat lives, the key's next job is handed to it.
      try coordinator.enqueue([run(2, key: "k")])
      #expect(try live.readJobs(kind: "search", worker: "live/2", count: 10, affinityLease: lease).messages.isEmpty)
      #expect(try coordinator.connection.consumers(of: StreamLayout.workerGroup, on: layout.jobs("search")).first { $0.name == "dead/1" }?.pending == 2)

      // Its heartbeat gone, the key binds to the live reader at once, lease or no lease.
      _ = try coordinator.connection.delete([layout.heartbeat("search", worker: "dead/1")])
      try coordinator.enqueue([run(3, key: "k")])
      #expect(try live.readJobs(kind: "search", worker: "live/2", count: 10, affinityLease: lease).messages.map(\.message.effect) == [3])
      #expect(try coordinator.connection.get(layout.affinity("search", key: "k")) == Array("live/2".utf8))
    }
  }

  @Test func aDeadWorkersJobsAreHandedBackAndItsConsumerRemoved() async throws {
    try await withRedisServer { server in
      let (coordinator, workers) = try queues(on: server, workers: ["dead/1"])
      let dead = workers[0]
      try coordinator.enqueue([run(1, key: "k"), run(2, key: nil)])
      #expect(try dead.readJobs(kind: "search", worker: "dead/1", count: 10, affinityLease: lease).messages.count == 2)
      let ages = try coordinator.heartbeatAges(kind: "search", workers: ["dead/1", "never/9"])
      #expect(ages.keys.sorted() == ["dead/1"])
      #expect(ages["dead/1"].map { $0 < .seconds(2) } == true)

      let released = try coordinator.releaseDeadWorker(kind: "search", worker: "dead/1")
      #expect(released.messages.map(\.message.effect) == [1, 2])
      let replies = try coordinator.readReplies(after: .after(.zero))
      #expect(replies.messages.count == 2)
      for reply in replies.messages {
        guard case let .failed(failed) = reply.message else { Issue.record("expected failed, got \(reply.message)"); continue }
        #expect(failed.code == "workerLost" && failed.retryable)
        #expect(reply.worker == nil, "the hand-back is the coordinator's, not the dead worker's")
      }
      let backlog = try coordinator.backlog(of: "search")
      #expect(backlog.length == 0 && backlog.pending == 0)
      #expect(backlog.consumers.isEmpty, "the dead consumer is removed")
      #expect(try coordinator.connection.get(layout.affinity("search", key: "k")) == nil)
      #expect(try coordinator.heartbeatAges(kind: "search", workers: ["dead/1"]).isEmpty)
    }
  }

  @Test func theBacklogListsLengthIsThePublishedCountAndExpires() async throws {
    try await withRedisServer { server in
      let coordinator = StreamQueue(layout: layout, connection: server.connection())
      let key = layout.backlog("search")
      // What KEDA's `redis` trigger reads: the key's length, by its type.
      let kedaLength = RedisCommand(
        "EVAL",
        "local t = redis.call('TYPE', KEYS[1]).ok; local c = ({zset='ZCARD', set='SCARD', list='LLEN', hash='HLEN', none='LLEN'})[t]; return redis.call(c, KEYS[1])",
        "1", key)
      for count in [1_500, 2_345, 40, 0, 7] {
        try coordinator.publishBacklog(of: "search", count: count, expiry: .seconds(10))
        #expect(try coordinator.connection.send(kedaLength).integer == Int64(count))
      }
      let left = try coordinator.connection.send(RedisCommand("PTTL", key)).integer ?? -1
      #expect((1...10_000).contains(left), "a backlog no coordinator renews expires")
    }
  }
}
