import Foundation
import SwitchyardRedis
import SwitchyardTestSupport

/// Runs `body` on a thread of its own against a fresh `redis-server` on a free loopback port,
/// then kills the server and removes its directory, whatever `body` did.
func withRedisServer<Value: Sendable>(_ body: @escaping @Sendable (LocalRedisServer) throws -> Value) async throws -> Value {
  try await TestPeer.redisServer.require()
  return try await offThread {
    let server = try LocalRedisServer(appendOnly: true)
    defer { server.stop() }
    return try body(server)
  }
}
