import Foundation
import SwitchyardTestSupport
import Testing
import SwitchyardWire
@testable import SwitchyardRedis

/// A Redis at `maxmemory` with `noeviction` refuses writes with `OOM`: a worker must then neither
/// acknowledge a job whose end it could not write nor be found dead for its refused heartbeat.
@Suite(.timeLimit(.minutes(3))) struct RedisOutOfMemoryTests {
  let layout = StreamLayout(coordinator: "test")

  @Test func aRefusedReplyLeavesItsJobPending() async throws {
    try await withRedisServer { server in
      let coordinator = StreamQueue(layout: layout, connection: server.connection())
      let worker = StreamQueue(layout: layout, connection: server.connection())
      try coordinator.prepare(kinds: ["search"])
      try worker.join(kind: "search")
      try coordinator.enqueue([Run(effect: 1, generation: 1, kind: "search", job: ["query": "q"])])
      let job = try #require(try worker.readJobs(kind: "search", worker: "w", block: .seconds(1)).messages.first)
      let end = WorkerMessage.finished(Finished(effect: 1, generation: 1))

      let admin = server.connection()
      try admin.runOutOfMemory()
      #expect(throws: RedisError.server(RedisServerError(code: "OOM", message: "command not allowed when used memory > 'maxmemory'."))) {
        try worker.reply([end], worker: "w", completing: [job])
      }
      // Redis out of memory still delivers jobs: those read with refused replies are returned.
      try admin.send(RedisCommand("CONFIG", "SET", "maxmemory", "0"))
      try coordinator.enqueue([Run(effect: 2, generation: 1, kind: "search", job: ["query": "q"])])
      try admin.runOutOfMemory()
      var replies = WorkerReplies(messages: [EncodedMessage(end)], completed: [job])
      let next = try worker.readJobs(kind: "search", worker: "w", afterWriting: &replies)
      #expect(next.messages.map(\.message.effect) == [2])
      #expect(replies.completed == [job], "replies Redis refused are kept for writing again")
      var backlog = try coordinator.backlog(of: "search")
      #expect(backlog.length == 2 && backlog.pending == 2, "a job whose end was refused is neither acknowledged nor deleted")
      #expect(try admin.send(RedisCommand("XLEN", layout.replies)).integer == 0)

      try admin.send(RedisCommand("CONFIG", "SET", "maxmemory", "0"))
      try worker.reply([end], worker: "w", completing: [job])
      backlog = try coordinator.backlog(of: "search")
      #expect(backlog.length == 1 && backlog.pending == 1)
      #expect(try coordinator.readReplies(after: .after(.zero)).messages.map(\.message) == [end])
    }
  }

  @Test func aHeartbeatRefusedForMemoryKeepsItsKeyAlive() async throws {
    try await withRedisServer { server in
      let queue = StreamQueue(layout: layout, connection: server.connection())
      #expect(try queue.beat(kind: "search", worker: "w") == nil)
      try server.connection().runOutOfMemory()
      let refusal = try queue.beat(kind: "search", worker: "w")
      #expect(refusal?.code == "OOM")
      let ttl = try #require(try queue.connection.send(RedisCommand("PTTL", layout.heartbeat("search", worker: "w"))).integer)
      #expect(ttl > WorkerLiveness.timeout.wholeMilliseconds - 1000, "the key's expiry was pushed back")
    }
  }
}

extension RedisConnection {
  /// Makes the server refuse writes with `OOM`, as a full Redis with `noeviction` does: its
  /// `maxmemory` set far below what it already uses.
  func runOutOfMemory() throws {
    try send(RedisCommand("CONFIG", "SET", "maxmemory-policy", "noeviction"))
    try send(RedisCommand("CONFIG", "SET", "maxmemory", "1"))
  }
}
