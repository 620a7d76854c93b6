import SwitchyardRedis

extension RemotePoolCluster {
  /// Sends the command `name` with `arguments` to the cluster's Redis, on a connection of the
  /// test's own.
  func redisCommand(_ name: String, _ arguments: String...) throws {
    let connection = RedisConnection(configuration: redis.configuration)
    defer { connection.close() }
    try connection.send(RedisCommand(name, arguments))
  }
}
