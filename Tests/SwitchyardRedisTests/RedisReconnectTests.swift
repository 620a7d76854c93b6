import SwitchyardTestSupport
import Testing
@testable import SwitchyardNet
@testable import SwitchyardRedis

@Suite(.timeLimit(.minutes(3))) struct RedisReconnectTests {
  @Test func backoffStartsAtOnceThenDoublesWithJitterUpToTheCap() {
    let policy = RedisReconnectPolicy(initialDelay: .milliseconds(100), maxDelay: .milliseconds(500), maxAttempts: 10)
    #expect(policy.delay(beforeAttempt: 1) == .zero)
    for (attempt, base) in [(2, 100), (3, 200), (4, 400), (5, 500), (9, 500)] {
      let delay = policy.delay(beforeAttempt: attempt)
      #expect(delay >= .milliseconds(base) * 0.8 && delay <= .milliseconds(base) * 1.2, "attempt \(attempt): \(delay)")
    }
  }

  @Test func nothingListeningIsAConnectFailureAfterEveryAttempt() async throws {
    let refusing = try Socket.refusingConnections()
    defer { refusing.close() }
    let port = try refusing.localPort()
    let (error, elapsed) = try await offThread {
      let redis = RedisConnection(configuration: RedisConfiguration(
        port: port, reconnect: RedisReconnectPolicy(initialDelay: .milliseconds(50), maxDelay: .milliseconds(50), maxAttempts: 3)))
      let started = ContinuousClock.now
      let error = #expect(throws: RedisError.self) { try redis.ping() }
      return (error, ContinuousClock.now - started)
    }
    guard case let .connectFailed(host, failedPort, reason) = error else { Issue.record("\(String(describing: error))"); return }
    #expect(host == "127.0.0.1" && failedPort == port && reason.contains("refused"))
    // Three attempts, two waits of about 50 ms between them.
    #expect(elapsed >= .milliseconds(80))
  }

  @Test func connectingReportsEveryFailedAttemptWithItsAddressAndTheLimit() async throws {
    let refusing = try Socket.refusingConnections()
    defer { refusing.close() }
    let port = try refusing.localPort()
    let reports = try await offThread { () -> [RedisConnectAttempt] in
      let redis = RedisConnection(configuration: RedisConfiguration(
        port: port, reconnect: RedisReconnectPolicy(initialDelay: .milliseconds(20), maxDelay: .milliseconds(20), maxAttempts: 3)))
      var reports: [RedisConnectAttempt] = []
      #expect(throws: RedisError.self) { try redis.connect { reports.append($0) } }
      return reports
    }
    #expect(reports.map(\.attempt) == [1, 2, 3])
    #expect(reports.allSatisfy { $0.address == "127.0.0.1:\(port)" && $0.maxAttempts == 3 && $0.reason.contains("refused") })
    #expect(reports.map { $0.nextDelay == nil } == [false, false, true])
    #expect(reports[0].description.hasPrefix("could not connect to Redis at 127.0.0.1:\(port) (attempt 1 of 3): "))
    #expect(reports[2].description.hasSuffix("; giving up"))
  }

  @Test func outOfBandPushesAreSkippedWhileRepliesStayInOrder() async throws {
    try await withRedisServer { server in
      let tracked = server.connection { $0.protocolVersion = .resp3 }
      let writer = server.connection()
      defer {
        tracked.close()
        writer.close()
      }
      try tracked.send(RedisCommand("CLIENT", "TRACKING", "ON"))
      try writer.set("watched", Array("1".utf8))
      #expect(try tracked.get("watched") == Array("1".utf8))
      // The write sends `tracked` an invalidation push before the reply to its next command.
      try writer.set("watched", Array("2".utf8))
      try waitUntil { (try writer.send(RedisCommand("INFO", "stats")).string?.contains("tracking_total_keys:0")) == true }
      #expect(try tracked.pipeline([RedisCommand("GET", "watched"), RedisCommand("PING")])
        == [.bulkString(Array("2".utf8)), .simpleString("PONG")])
    }
  }
}
