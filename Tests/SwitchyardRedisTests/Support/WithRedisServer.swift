import Foundation
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRedis

/// Runs `body` on a thread of its own against a fresh `redis-server` on a free loopback port
/// (requiring `password` when given), then kills the server and removes its directory, whatever
/// `body` did.
///
/// Without `redis-server` the test fails with ``TestPeer/missing``.
func withRedisServer<Value: Sendable>(
  appendOnly: Bool = false,
  password: String? = nil,
  _ body: @escaping @Sendable (LocalRedisServer) throws -> Value
) async throws -> Value {
  try await TestPeer.redisServer.require()
  return try await offThread {
    let server = try LocalRedisServer(appendOnly: appendOnly, password: password)
    defer { server.stop() }
    return try body(server)
  }
}

extension LocalRedisServer {
  /// A new connection to this server, with `adjust` applied to its configuration.
  func connection(_ adjust: (inout RedisConfiguration) -> Void = { _ in }) -> RedisConnection {
    var configuration = configuration
    adjust(&configuration)
    return RedisConnection(configuration: configuration)
  }
}
