import Foundation
import SwitchyardTestSupport
import Testing
import SwitchyardWire
@testable import SwitchyardRedis

@Suite(.timeLimit(.minutes(3))) struct StreamQueueTests {
  let layout = StreamLayout(coordinator: "test")

  func run(_ effect: UInt64, generation: UInt32 = 1, kind: String = "search") -> Run {
    Run(effect: effect, generation: generation, kind: kind, job: ["query": .string("q\(effect)")])
  }

  @Test func namesKeysUnderTheCoordinatorsHashTag() {
    #expect(layout.jobs("search") == "switchyard:{test}:jobs:search")
    #expect(layout.replies == "switchyard:{test}:replies")
    #expect(layout.cancels == "switchyard:{test}:cancels")
    #expect(StreamLayout.workerName(host: "node-3", pid: 42) == "node-3/42")
    #expect(StreamLayout.workerName().hasSuffix("/\(getpid())"))
  }

  @Test func jobsGoOutAndRepliesComeBack() async throws {
    try await withRedisServer { server in
      let coordinator = StreamQueue(layout: layout, connection: server.connection())
      let worker = StreamQueue(layout: layout, connection: server.connection())
      try coordinator.prepare(kinds: ["search", "pagination"])
      try worker.join(kind: "search")
      try coordinator.enqueue([run(1), run(2, generation: 3)])

      let batch = try worker.readJobs(kind: "search", worker: "host-a/100", block: .seconds(1))
      #expect(batch.messages.map(\.message) == [run(1), run(2, generation: 3)])
      #expect(batch.rejected.isEmpty)
      var backlog = try coordinator.backlog(of: "search")
      #expect(backlog.length == 2 && backlog.pending == 2)
      #expect(backlog.consumers.map(\.name) == ["host-a/100"])
      #expect(try #require(backlog.oldestPendingAge) >= .zero)

      let output = WorkerMessage.emit(Emit(effect: 1, generation: 1, output: ["hits": 3]))
      let end = WorkerMessage.finished(Finished(effect: 1, generation: 1))
      try worker.reply([output, end], worker: "host-a/100", completing: [batch.messages[0]])
      backlog = try coordinator.backlog(of: "search")
      #expect(backlog.length == 1 && backlog.pending == 1, "a finished job's entry is acknowledged and deleted")

      let replies = try coordinator.readReplies(after: .after(.zero), block: .seconds(1))
      #expect(replies.messages.map(\.message) == [output, end])
      #expect(replies.messages.allSatisfy { $0.worker == "host-a/100" })
      #expect(try coordinator.readReplies(after: .after(#require(replies.last))).isEmpty)
      try coordinator.trimReplies(before: #require(replies.last))
    }
  }

  @Test func malformedEntriesAreRejectedTypedAndAcknowledged() async throws {
    try await withRedisServer { server in
      let coordinator = StreamQueue(layout: layout, connection: server.connection())
      let redis = server.connection()
      try coordinator.prepare(kinds: ["search"])
      let stream = layout.jobs("search")
      let noMessage = try redis.xadd(stream, fields: [StreamField("other", "x")])
      let notJSON = try redis.xadd(stream, fields: [StreamField("message", "{not json"), StreamField("generation", "1")])
      let ping = try redis.xadd(stream, fields: [StreamField("message", WorkerMessage.ping(Ping(nonce: 1)).encodedPayload())])
      let wrongGeneration = try redis.xadd(
        stream, fields: [StreamField("message", WorkerMessage.run(run(5, generation: 2)).encodedPayload()), StreamField("generation", "1")])
      let noGeneration = try redis.xadd(stream, fields: [StreamField("message", WorkerMessage.run(run(6)).encodedPayload())])
      let otherKind = try StreamEntryID(reply: redis.send(StreamQueue.xadd(stream, EncodedMessage(.run(run(7, kind: "pagination"))))), command: "XADD")
      try coordinator.enqueue([run(8)])

      let batch = try coordinator.readJobs(kind: "search", worker: "w")
      #expect(batch.messages.map(\.message) == [run(8)])
      #expect(batch.rejected.map(\.id) == [noMessage, notJSON, ping, wrongGeneration, noGeneration, otherKind])
      #expect(batch.rejected[0].error == .missingField("message"))
      guard case .invalidMessage = batch.rejected[1].error else { Issue.record("\(batch.rejected[1])"); return }
      #expect(batch.rejected[2].error == .unexpectedType(expected: "run", found: "ping"))
      #expect(batch.rejected[3].error == .generationMismatch(field: "1", message: 2))
      #expect(batch.rejected[4].error == .missingField("generation"))
      #expect(batch.rejected[5].error == .unexpectedType(expected: "run", found: "run"))
      #expect(batch.rejected[0].description.contains("was dropped"))
      // Only the good job is left, pending; the rejected ones are gone for good.
      #expect(try redis.xlen(stream) == 1)
      #expect(try redis.xpending(stream, group: StreamLayout.workerGroup).count == 1)
      #expect(try coordinator.readJobs(kind: "search", worker: "w", from: .after(.zero)).messages.map(\.message) == [run(8)])
    }
  }

  @Test func aDeadWorkersJobsAreReclaimedAndHandedBackForRetry() async throws {
    try await withRedisServer { server in
      let coordinator = StreamQueue(layout: layout, connection: server.connection())
      let dead = StreamQueue(layout: layout, connection: server.connection())
      let alive = StreamQueue(layout: layout, connection: server.connection())
      try coordinator.prepare(kinds: ["search"])
      try coordinator.enqueue([run(1), run(2), run(3, generation: 2)])
      let held = try dead.readJobs(kind: "search", worker: "dead")
      #expect(held.messages.count == 3)
      dead.connection.close()
      // Before the idle time, nothing is taken.
      #expect(try alive.reclaimAbandoned(kind: "search", worker: "alive", minIdle: .seconds(60)).isEmpty)
      try waitUntil {
        try alive.connection.xpending(layout.jobs("search"), group: StreamLayout.workerGroup, minIdle: .milliseconds(100), count: 10).count == 3
      }
      let reclaimed = try alive.reclaimAbandoned(kind: "search", worker: "alive", minIdle: .milliseconds(100))
      #expect(reclaimed.messages.map(\.message) == held.messages.map(\.message))
      let backlog = try coordinator.backlog(of: "search")
      #expect(backlog.length == 0 && backlog.pending == 0)
      let replies = try coordinator.readReplies(after: .after(.zero))
      let failures = replies.messages.compactMap { reply -> Failed? in
        if case let .failed(failed) = reply.message { failed } else { nil }
      }
      #expect(failures.map(\.effect) == [1, 2, 3])
      #expect(failures.map(\.generation) == [1, 1, 2], "handed back under the attempt's own generation")
      #expect(failures.allSatisfy { $0.code == "workerLost" && $0.retryable })
      #expect(replies.messages.allSatisfy { $0.worker == "alive" })
    }
  }

  @Test func cancellationsReachEveryWorker() async throws {
    try await withRedisServer { server in
      let coordinator = StreamQueue(layout: layout, connection: server.connection())
      let first = StreamQueue(layout: layout, connection: server.connection())
      let second = StreamQueue(layout: layout, connection: server.connection())
      try coordinator.prepare(kinds: ["search"])
      try coordinator.broadcast(Cancel(effect: 1, generation: 1))
      let recent = (try first.recentCancels(count: 16), try second.recentCancels(count: 16))
      #expect(recent.0.messages.map(\.message) == [Cancel(effect: 1, generation: 1)])
      let cancel = Cancel(effect: 9, generation: 4)
      try coordinator.broadcast(cancel)
      #expect(try first.readCancels(after: .after(try #require(recent.0.last)), block: .seconds(1)).messages.map(\.message) == [cancel])
      #expect(try second.readCancels(after: .after(try #require(recent.1.last)), block: .seconds(1)).messages.map(\.message) == [cancel])
    }
  }

  @Test func aStartingWorkerReadsTheNewestCancelsOldestFirstAndContinuesAfterThem() async throws {
    try await withRedisServer { server in
      let coordinator = StreamQueue(layout: layout, connection: server.connection())
      let worker = StreamQueue(layout: layout, connection: server.connection())
      try coordinator.prepare(kinds: ["search"])
      let empty = try worker.recentCancels(count: 3)
      #expect(empty.messages.isEmpty && empty.last == .zero)
      let cancels = (1...5).map { Cancel(effect: UInt64($0), generation: 1) }
      for cancel in cancels { try coordinator.broadcast(cancel) }
      let recent = try worker.recentCancels(count: 3)
      #expect(recent.messages.map(\.message) == Array(cancels.suffix(3)))
      let later = Cancel(effect: 6, generation: 2)
      try coordinator.broadcast(later)
      let next = try worker.readCancels(after: .after(try #require(recent.last)), block: .seconds(1))
      #expect(next.messages.map(\.message) == [later])
    }
  }

  @Test func aRestartedRedisWithAppendOnlyLosesNothing() async throws {
    try await withRedisServer(appendOnly: true) { server in
      let reconnecting = { (configuration: inout RedisConfiguration) in
        configuration.reconnect = RedisReconnectPolicy(initialDelay: .milliseconds(20), maxDelay: .milliseconds(200), maxAttempts: 100)
      }
      let coordinator = StreamQueue(layout: layout, connection: server.connection(reconnecting))
      let worker = StreamQueue(layout: layout, connection: server.connection(reconnecting))
      try coordinator.prepare(kinds: ["search"])
      let runs = (1...1_000).map { run(UInt64($0)) }
      try coordinator.enqueue(runs)
      let taken = try worker.readJobs(kind: "search", worker: "w", count: 500)
      let finishedJobs = Array(taken.messages.prefix(250))
      try worker.reply(finishedJobs.map { .finished(Finished(effect: $0.message.effect, generation: 1)) }, worker: "w", completing: finishedJobs)

      server.kill()
      try server.start()

      // Both connections reconnect on their own; every job is still either done, held by the
      // worker, or waiting.
      let backlog = try coordinator.backlog(of: "search")
      #expect(backlog.length == 750 && backlog.pending == 250)
      let held = try worker.readJobs(kind: "search", worker: "w", from: .after(.zero), count: 1_000)
      let waiting = try worker.readJobs(kind: "search", worker: "w", count: 1_000)
      #expect(held.messages.count == 250 && waiting.messages.count == 500)
      let seen = Set((finishedJobs + held.messages + waiting.messages).map(\.message.effect))
      #expect(seen == Set(runs.map(\.effect)))
      #expect(try coordinator.readReplies(after: .after(.zero)).messages.count == 250)
    }
  }
}

@Suite(.timeLimit(.minutes(3))) struct StreamQueueTakeoverTests {
  @Test func aWorkerBlockedOnAStreamANewCoordinatorTakesOverGetsItsJobs() async throws {
    try await withRedisServer { server in
      let layout = StreamLayout(coordinator: "takeover")
      let coordinator = StreamQueue(layout: layout, connection: server.connection())
      let worker = StreamQueue(layout: layout, connection: server.connection())
      try coordinator.prepare(kinds: ["search"])
      try worker.join(kind: "search")
      let read = Thread.detachedResult { () throws(RedisError) in
        try worker.readJobs(kind: "search", worker: "w", block: .seconds(5))
      }
      try waitUntil { (try? server.connection().send(RedisCommand("INFO", "clients")).string?.contains("blocked_clients:1")) == true }
      // A new coordinator of the same name: the streams are dropped and made again.
      try coordinator.prepare(kinds: ["search"])
      let job = Run(effect: 1, generation: 1, kind: "search", job: nil)
      try coordinator.enqueue([job])
      let batch = try read.wait().get()
      let jobs = batch.isEmpty ? try worker.readJobs(kind: "search", worker: "w", block: .seconds(5)) : batch
      #expect(jobs.messages.map(\.message) == [job])
    }
  }
}
