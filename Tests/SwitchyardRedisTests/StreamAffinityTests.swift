import Testing
import SwitchyardWire
@testable import SwitchyardRedis

/// Affinity keys between workers of one kind: the first reader binds a key, later jobs of that
/// key read by another worker are handed over, and a new coordinator drops what workers left.
@Suite(.timeLimit(.minutes(3))) struct StreamAffinityTests {
  let layout = StreamLayout(coordinator: "affinity")

  func run(_ effect: UInt64, key: String?) -> Run {
    Run(effect: effect, generation: 1, kind: "search", job: nil, affinity: key)
  }

  /// A coordinator's queue with the `search` stream prepared, and two live workers' queues
  /// joined to it as `w1` and `w2`, each with its heartbeat set.
  func queues(on server: LocalRedisServer) throws -> (coordinator: StreamQueue, first: StreamQueue, second: StreamQueue) {
    let coordinator = StreamQueue(layout: layout, connection: server.connection())
    let first = StreamQueue(layout: layout, connection: server.connection())
    let second = StreamQueue(layout: layout, connection: server.connection())
    try coordinator.prepare(kinds: ["search"])
    try first.beat(kind: "search", worker: "w1")
    try first.join(kind: "search", worker: "w1")
    try second.beat(kind: "search", worker: "w2")
    try second.join(kind: "search", worker: "w2")
    return (coordinator, first, second)
  }

  @Test func namesTheHandOffStreamsAndBindingsUnderTheHashTag() {
    #expect(layout.handOffs("search", worker: "node-3/42") == "switchyard:{affinity}:handoff:search:node-3/42")
    #expect(layout.affinity("search", key: "s1") == "switchyard:{affinity}:affinity:search:s1")
    #expect(StreamLayout(coordinator: "a*b").workerKeysPatterns == [#"switchyard:{a\*b}:handoff:*"#, #"switchyard:{a\*b}:affinity:*"#])
  }

  @Test func aBoundKeysJobsAreHandedToItsWorkerAndSettledThere() async throws {
    try await withRedisServer { server in
      let (coordinator, first, second) = try queues(on: server)
      let lease = Duration.seconds(30)

      try coordinator.enqueue([run(1, key: "k"), run(2, key: nil)])
      let taken = try first.readJobs(kind: "search", worker: "w1", count: 10, affinityLease: lease)
      #expect(taken.messages.map(\.message.effect) == [1, 2])
      #expect(try coordinator.connection.get(layout.affinity("search", key: "k")) == Array("w1".utf8))

      try coordinator.enqueue([run(3, key: "k"), run(4, key: "other")])
      let read = try second.readJobs(kind: "search", worker: "w2", count: 10, affinityLease: lease)
      #expect(read.messages.map(\.message.effect) == [4], "job 3's key is bound to w1")
      let handed = try first.readJobs(kind: "search", worker: "w1", count: 10, affinityLease: lease)
      #expect(handed.messages.map(\.message) == [run(3, key: "k")])

      let ends = (taken.messages + handed.messages).map { WorkerMessage.finished(Finished(effect: $0.message.effect, generation: 1)) }
      try first.reply(ends, worker: "w1", completing: taken.messages + handed.messages)
      try second.reply([.finished(Finished(effect: 4, generation: 1))], worker: "w2", completing: read.messages)
      let backlog = try coordinator.backlog(of: "search")
      #expect(backlog.length == 0 && backlog.pending == 0)

      // A new coordinator of the name drops the workers' hand-off streams and bindings.
      try coordinator.prepare(kinds: ["search"])
      let left = try coordinator.connection.send(
        RedisCommand("EXISTS", layout.handOffs("search", worker: "w1"), layout.affinity("search", key: "k")))
      #expect(left.integer == 0)
    }
  }

  @Test func handOffStreamsExpireAndAWorkerWhoseStreamExpiredStillTakesItsHandOffs() async throws {
    try await withRedisServer { server in
      let (coordinator, first, second) = try queues(on: server)
      let lease = Duration.seconds(10)
      let timeToLive = { (worker: String) throws -> Int64 in
        try #require(try coordinator.connection.send(RedisCommand("PTTL", layout.handOffs("search", worker: worker))).integer)
      }
      try first.keepHandOffs(kind: "search", worker: "w1", lease: lease)
      #expect((20_000...30_000).contains(try timeToLive("w1")), "three leases")
      #expect(try timeToLive("w2") == -1, "kept by no one yet")

      try coordinator.enqueue([run(1, key: "k")])
      #expect(try first.readJobs(kind: "search", worker: "w1", count: 10, affinityLease: lease).messages.count == 1)
      // As if w1 had been cut off for three leases: its stream expired with its group.
      _ = try coordinator.connection.send(RedisCommand("DEL", layout.handOffs("search", worker: "w1")))
      try coordinator.enqueue([run(2, key: "k")])
      #expect(try second.readJobs(kind: "search", worker: "w2", count: 10, affinityLease: lease).messages.isEmpty)
      #expect((20_000...30_000).contains(try timeToLive("w1")), "a stream the hand-off made expires too")
      let handed = try first.readJobs(kind: "search", worker: "w1", count: 10, affinityLease: lease)
      #expect(handed.messages.map(\.message) == [run(2, key: "k")])
    }
  }

  @Test func aHandOffWhoseJobWasReclaimedMeanwhileIsNotRun() async throws {
    try await withRedisServer { server in
      let (coordinator, first, second) = try queues(on: server)
      try coordinator.enqueue([run(1, key: "k")])
      _ = try first.readJobs(kind: "search", worker: "w1", count: 10, affinityLease: .seconds(30))
      try coordinator.enqueue([run(2, key: "k")])
      #expect(try second.readJobs(kind: "search", worker: "w2", count: 10, affinityLease: .seconds(30)).messages.isEmpty)
      // w1 stopped answering: w2 reclaims everything it holds, the handed-over job included.
      let reclaimed = try second.reclaimAbandoned(kind: "search", worker: "w2", minIdle: .zero)
      #expect(Set(reclaimed.messages.map(\.message.effect)) == [1, 2])
      #expect(try coordinator.connection.get(layout.affinity("search", key: "k")) == nil, "the key is free for the retry")
      #expect(try first.readJobs(kind: "search", worker: "w1", count: 10, affinityLease: .seconds(30)).messages.isEmpty)
    }
  }
}
