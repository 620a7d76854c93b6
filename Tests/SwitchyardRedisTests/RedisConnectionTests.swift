import Foundation
import SwitchyardTestSupport
import Testing
@testable import SwitchyardNet
@testable import SwitchyardRedis

@Suite(.timeLimit(.minutes(3))) struct RedisConnectionTests {
  @Test(arguments: [RedisConfiguration.ProtocolVersion.resp2, .resp3])
  func plainCommands(version: RedisConfiguration.ProtocolVersion) async throws {
    try await withRedisServer { server in
      let redis = server.connection { $0.protocolVersion = version }
      defer { redis.close() }
      try redis.ping()
      #expect(try redis.get("missing") == nil)
      try redis.set("greeting", Array("hello\r\n\0world".utf8))
      #expect(try redis.get("greeting") == Array("hello\r\n\0world".utf8))
      #expect(try redis.expire("greeting", seconds: 100))
      #expect(try redis.send(RedisCommand("TTL", "greeting")).integer.map { $0 > 90 && $0 <= 100 } == true)
      #expect(try redis.expire("missing", seconds: 100) == false)
      try redis.set("short", Array("x".utf8), expiry: .milliseconds(50_000))
      #expect(try redis.send(RedisCommand("PTTL", "short")).integer.map { $0 > 40_000 } == true)
      #expect(try redis.delete(["greeting", "short", "missing"]) == 2)
      // RESP3 answers HGETALL with a map, RESP2 with a flat array.
      try redis.send(RedisCommand("HSET", "h", "f", "v"))
      let hash = try redis.send(RedisCommand("HGETALL", "h"))
      #expect(hash == (version == .resp3
        ? .map([RedisPair(key: .bulkString(Array("f".utf8)), value: .bulkString(Array("v".utf8)))])
        : .array([.bulkString(Array("f".utf8)), .bulkString(Array("v".utf8))])))
    }
  }

  @Test func serverErrorsAreTypedAndLeaveTheConnectionUsable() async throws {
    try await withRedisServer { server in
      let redis = server.connection()
      defer { redis.close() }
      try redis.send(RedisCommand("LPUSH", "list", "a"))
      #expect(throws: RedisError.server(RedisServerError(
        code: "WRONGTYPE", message: "Operation against a key holding the wrong kind of value"))) {
        try redis.get("list")
      }
      let error = #expect(throws: RedisError.self) { try redis.send(RedisCommand("NOSUCHCOMMAND")) }
      guard case let .server(serverError) = error else { Issue.record("expected a server error, got \(String(describing: error))"); return }
      #expect(serverError.code == "ERR")
      // In a pipeline, an error reply takes its command's place and the others still answer.
      let replies = try redis.pipeline([RedisCommand("SET", "k", "1"), RedisCommand("INCR", "list"), RedisCommand("GET", "k")])
      #expect(replies[0] == .simpleString("OK"))
      #expect(replies[1] == .error(RedisServerError(code: "WRONGTYPE", message: "Operation against a key holding the wrong kind of value")))
      #expect(replies[2] == .bulkString(Array("1".utf8)))
      try redis.ping()
    }
  }

  @Test func pipelinesTenThousandCommandsWithRepliesInOrder() async throws {
    try await withRedisServer { server in
      let redis = server.connection()
      defer { redis.close() }
      let count = 10_000
      let sets = (0..<count).map { RedisCommand("SET", "key:\($0)", "value:\($0)") }
      #expect(try redis.pipeline(sets).allSatisfy { $0 == .simpleString("OK") })
      let gets = (0..<count).map { RedisCommand("GET", "key:\($0)") }
      let values = try redis.pipeline(gets)
      #expect(values.count == count)
      #expect(values.enumerated().allSatisfy { $0.element.string == "value:\($0.offset)" })
      let increments = try redis.pipeline((0..<count).map { _ in RedisCommand("INCR", "counter") })
      #expect(increments.map(\.integer) == (1...Int64(count)).map { $0 })
    }
  }

  @Test(arguments: [RedisConfiguration.ProtocolVersion.resp2, .resp3])
  func authenticatesAsAnACLUserAndSelectsADatabase(version: RedisConfiguration.ProtocolVersion) async throws {
    try await withRedisServer { server in
      let admin = server.connection()
      defer { admin.close() }
      try admin.send(RedisCommand("ACL", "SETUSER", "worker", "on", ">s3cret", "~*", "+@all"))
      try admin.send(RedisCommand("ACL", "SETUSER", "default", "off"))
      let worker = server.connection {
        $0.protocolVersion = version
        $0.username = "worker"
        $0.password = "s3cret"
        $0.database = 3
      }
      defer { worker.close() }
      try worker.set("where", Array("three".utf8))
      #expect(try worker.send(RedisCommand("ACL", "WHOAMI")).string == "worker")
      try worker.select(5)
      #expect(try worker.get("where") == nil)
      try worker.select(3)
      #expect(try worker.get("where") == Array("three".utf8))
      let wrong = server.connection {
        $0.protocolVersion = version
        $0.username = "worker"
        $0.password = "wrong"
      }
      let error = #expect(throws: RedisError.self) { try wrong.connect() }
      guard case let .server(refusal) = error else { Issue.record("expected WRONGPASS, got \(String(describing: error))"); return }
      #expect(refusal.code == "WRONGPASS")
      // The default user is off now, so a client without credentials is refused too.
      let anonymous = server.connection()
      #expect(throws: RedisError.self) { try anonymous.ping() }
    }
  }

  @Test func aKilledServerIsALostConnectionAndARestartedOneIsReconnectedTo() async throws {
    try await withRedisServer(appendOnly: true) { server in
      let redis = server.connection {
        $0.database = 2
        $0.reconnect = RedisReconnectPolicy(initialDelay: .milliseconds(20), maxDelay: .milliseconds(200), maxAttempts: 100)
      }
      defer { redis.close() }
      try redis.set("kept", Array("yes".utf8))
      let blocked = Thread.detachedResult { () throws(RedisError) in
        try redis.send(RedisCommand("BLPOP", "never", "0"), serverWait: .seconds(30))
      }
      // BLPOP is now blocked in the server; kill it under the client.
      try waitUntil { (try? server.connection().send(RedisCommand("INFO", "clients")).string?.contains("blocked_clients:1")) == true }
      server.kill()
      let lost = blocked.wait()
      guard case .failure(.connectionLost) = lost else { Issue.record("expected connectionLost, got \(lost)"); return }
      // The server comes back a little later; the next command reconnects with backoff and
      // selects database 2 again.
      let restart = Thread.detachedResult { try server.start() }
      #expect(try redis.get("kept") == Array("yes".utf8))
      _ = restart.wait()
    }
  }

  @Test func aCommandWithoutAReplyInTimeTimesOutAndTheConnectionRecovers() async throws {
    try await withRedisServer { server in
      let redis = server.connection { $0.readTimeout = .milliseconds(200) }
      defer { redis.close() }
      let started = ContinuousClock.now
      #expect(throws: RedisError.timedOut("BLPOP")) { try redis.send(RedisCommand("BLPOP", "empty", "5")) }
      #expect(ContinuousClock.now - started < .seconds(2))
      try redis.ping()
      // A peer that accepts and never answers times the handshake out.
      let silent = try Socket.listen(port: 0)
      defer { silent.close() }
      let mute = RedisConnection(configuration: RedisConfiguration(
        port: try silent.localPort(), connectTimeout: .milliseconds(200),
        reconnect: RedisReconnectPolicy(maxAttempts: 2)))
      let error = #expect(throws: RedisError.self) { try mute.ping() }
      guard case .connectFailed = error else { Issue.record("expected connectFailed, got \(String(describing: error))"); return }
    }
  }

  @Test func closingWakesABlockedCommand() async throws {
    try await withRedisServer { server in
      let redis = server.connection()
      let blocked = Thread.detachedResult { () throws(RedisError) in try redis.send(RedisCommand("BLPOP", "never", "0"), serverWait: .seconds(30)) }
      try waitUntil { (try? server.connection().send(RedisCommand("INFO", "clients")).string?.contains("blocked_clients:1")) == true }
      redis.close()
      guard case .failure(.closed) = blocked.wait() else { Issue.record("expected closed"); return }
      #expect(throws: RedisError.closed) { try redis.ping() }
    }
  }

  @Test func aPeerThatIsNotRedisIsAProtocolViolation() async throws {
    let listener = try Socket.listen(port: 0)
    let port = try listener.localPort()
    let peer = Thread.detachedResult {
      let socket = try listener.accept()
      _ = try socket.read(upTo: 4096, deadline: .now + .seconds(30))
      try socket.write(Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8))
      socket.shutdown(.writing)
      socket.close()
    }
    defer { listener.close() }
    let error = try await offThread {
      let redis = RedisConnection(configuration: RedisConfiguration(port: port, reconnect: RedisReconnectPolicy(maxAttempts: 1)))
      return #expect(throws: RedisError.self) { try redis.ping() }
    }
    _ = peer.wait()
    #expect(error == .protocolViolation(.unknownType(byte: UInt8(ascii: "H"), offset: 0)))
  }
}
