import SwitchyardTestSupport
import Testing
@testable import SwitchyardRedis

@Suite(.timeLimit(.minutes(3))) struct StreamCommandTests {
  @Test(arguments: [RedisConfiguration.ProtocolVersion.resp2, .resp3])
  func consumerGroupsReadAcknowledgeAndReport(version: RedisConfiguration.ProtocolVersion) async throws {
    try await withRedisServer { server in
      let redis = server.connection { $0.protocolVersion = version }
      defer { redis.close() }
      #expect(try redis.createGroup("g", on: "s", startingAfter: .after(.zero)))
      #expect(try redis.createGroup("g", on: "s") == false, "BUSYGROUP is tolerated")
      let first = try redis.xadd("s", fields: [StreamField("n", "1")])
      let second = try redis.xadd("s", fields: [StreamField("n", "2"), StreamField("blob", [0, 255, 13, 10])])
      #expect(first < second)
      #expect(try redis.xlen("s") == 2)

      let read = try redis.xreadgroup(group: "g", consumer: "alice", streams: [("s", .undelivered)], count: 10)
      #expect(read == [StreamRead(key: "s", entries: [
        StreamEntry(id: first, fields: [StreamField("n", "1")]),
        StreamEntry(id: second, fields: [StreamField("n", "2"), StreamField("blob", [0, 255, 13, 10])]),
      ])])
      // Nothing new: a short block times out empty.
      #expect(try redis.xreadgroup(group: "g", consumer: "alice", streams: [("s", .undelivered)], block: .milliseconds(20)).isEmpty)
      // The pending history is alice's until she acknowledges.
      #expect(try redis.xreadgroup(group: "g", consumer: "alice", streams: [("s", .after(.zero))])[0].entries.map(\.id) == [first, second])
      let summary = try redis.xpending("s", group: "g")
      #expect(summary.count == 2 && summary.oldest == first && summary.newest == second && summary.consumers == ["alice": 2])
      #expect(try redis.xpending("s", group: "g", count: 10, consumer: "alice").map(\.id) == [first, second])
      #expect(try redis.xack("s", group: "g", ids: [first]) == 1)
      #expect(try redis.xack("s", group: "g", ids: [first]) == 0)
      #expect(try redis.xpending("s", group: "g").count == 1)

      let groups = try redis.groups(of: "s")
      #expect(groups.map(\.name) == ["g"] && groups[0].pending == 1 && groups[0].consumers == 1 && groups[0].lastDeliveredID == second)
      #expect(try redis.consumers(of: "g", on: "s").map(\.name) == ["alice"])
      #expect(try redis.xdel("s", ids: [second]) == 1)
      // A pending entry deleted from the stream comes back from the history without fields.
      #expect(try redis.xreadgroup(group: "g", consumer: "alice", streams: [("s", .after(.zero))])[0].entries
        == [StreamEntry(id: second, fields: nil)])
      #expect(throws: RedisError.self) {
        try redis.xreadgroup(group: "nogroup", consumer: "x", streams: [("s", .undelivered)])
      }
    }
  }

  @Test func xaddTrimsToAboutMaxLength() async throws {
    try await withRedisServer { server in
      let redis = server.connection()
      defer { redis.close() }
      for index in 0..<2_000 { try redis.xadd("capped", fields: [StreamField("i", String(index))], maxLength: 100) }
      let length = try redis.xlen("capped")
      #expect(length >= 100 && length < 400)
    }
  }

  @Test func autoclaimTakesOverTheEntriesOfAConsumerThatDied() async throws {
    try await withRedisServer { server in
      let redis = server.connection()
      defer { redis.close() }
      try redis.createGroup("g", on: "jobs", startingAfter: .after(.zero))
      let ids = try (0..<3).map { index throws(RedisError) in try redis.xadd("jobs", fields: [StreamField("job", String(index))]) }
      // "dead" reads every job and is never heard from again; "busy" has nothing.
      #expect(try redis.xreadgroup(group: "g", consumer: "dead", streams: [("jobs", .undelivered)])[0].entries.count == 3)
      // Too soon: nothing has been idle for a minute.
      let early = try redis.xautoclaim("jobs", group: "g", consumer: "alive", minIdle: .seconds(60))
      #expect(early.entries.isEmpty)
      try waitUntil { try redis.xpending("jobs", group: "g", minIdle: .milliseconds(100), count: 10).count == 3 }
      // Renewing one of dead's entries (as a live worker does for a long job) keeps it from the claim.
      #expect(try redis.renew("jobs", group: "g", consumer: "dead", ids: [ids[2]]) == [ids[2]])
      let claim = try redis.xautoclaim("jobs", group: "g", consumer: "alive", minIdle: .milliseconds(100))
      #expect(claim.entries.map(\.id) == [ids[0], ids[1]])
      #expect(claim.entries.first?[field: "job"] == Array("0".utf8))
      #expect(claim.next == .zero)
      let pending = try redis.xpending("jobs", group: "g", count: 10)
      #expect(pending.map(\.consumer) == ["alive", "alive", "dead"])
      #expect(pending[0].deliveries == 2)
      #expect(try redis.deleteConsumer("dead", group: "g", on: "jobs") == 1)
    }
  }
}
