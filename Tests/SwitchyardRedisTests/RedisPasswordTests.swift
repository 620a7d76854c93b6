import Testing
@testable import SwitchyardRedis

/// A server started with `--requirepass`, as the Kubernetes manifests start it: the client
/// authenticates with the password a `redis://:PASSWORD@HOST` URL carries, and without it is refused.
@Suite(.timeLimit(.minutes(3))) struct RedisPasswordTests {
  /// Characters a URL must percent-encode, as a generated Secret may hold.
  static let password = "s3cret:/@x"

  @Test(arguments: [RedisConfiguration.ProtocolVersion.resp2, .resp3])
  func theURLsPasswordAuthenticates(version: RedisConfiguration.ProtocolVersion) async throws {
    try await withRedisServer(password: Self.password) { server in
      var configuration = try RedisConfiguration(url: "redis://:s3cret%3A%2F%40x@127.0.0.1:\(server.port)/2")
      configuration.protocolVersion = version
      #expect(configuration.password == Self.password)
      let redis = RedisConnection(configuration: configuration)
      defer { redis.close() }
      try redis.set("where", Array("two".utf8))
      #expect(try redis.send(RedisCommand("ACL", "WHOAMI")).string == "default")
      #expect(try redis.get("where") == Array("two".utf8))

      var anonymous = try RedisConfiguration(url: "redis://127.0.0.1:\(server.port)/0")
      anonymous.protocolVersion = version
      let refused = #expect(throws: RedisError.self) { try RedisConnection(configuration: anonymous).ping() }
      guard case let .server(error) = refused else { Issue.record("expected NOAUTH, got \(String(describing: refused))"); return }
      #expect(error.code == "NOAUTH")

      var wrong = try RedisConfiguration(url: "redis://:wrong@127.0.0.1:\(server.port)/0")
      wrong.protocolVersion = version
      let rejected = #expect(throws: RedisError.self) { try RedisConnection(configuration: wrong).connect() }
      guard case let .server(wrongPassword) = rejected else { Issue.record("expected WRONGPASS, got \(String(describing: rejected))"); return }
      #expect(wrongPassword.code == "WRONGPASS")
    }
  }
}
