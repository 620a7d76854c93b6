import Foundation
import SwitchyardRedis
import SwitchyardTestSupport
import Testing

/// Issue 37: under `--log-format json`, a remote worker's lines and its coordinator's broker lines
/// carry their fields as keys, set where they are logged: the pool and the worker's name on the
/// worker, and the Redis server as `broker` with the pool and worker on the coordinator.
@Suite(.serialized, .timeLimit(.minutes(2))) struct RemoteLogFieldsTests {
  @Test func aRemoteWorkerAndItsBrokerLogTheirFieldsAsKeys() async throws {
    // Throws, saying how to install it, where redis-server is missing.
    let redis = try LocalRedisServer()
    defer { redis.stop() }
    let (broker, name) = ("redis://127.0.0.1:\(redis.port)/0", "logs\(getpid())")
    let coordinator = try CoordinatorChild(arguments: [
      "--demo", "--log-format", "json", "--pools", "search=redis,websocket=1,pagination=1", "--broker", broker, "--name", name,
    ])
    defer { coordinator.cleanUp() }
    _ = try await coordinator.connect()
    let worker = try TestProcess(["worker", "search", "--broker", broker, "--name", name, "--log-format", "json"])
    defer { worker.stop() }
    try await worker.waitForErrorOutput("the remote worker to serve", within: 20) { $0.contains("serving 'search' jobs") }
    let serving = try #require(objects(in: worker.errorOutput).first { ($0["message"] as? String)?.contains("serving 'search'") == true })
    #expect(serving["level"] as? String == "info")
    #expect(serving["pool"] as? String == "search")
    let workerName = try #require(serving["worker"] as? String)

    var hello: [String: Any]?
    try await eventually("the coordinator's line about the worker's hello; log:\n\(coordinator.log)") {
      hello = objects(in: coordinator.log).first { ($0["message"] as? String)?.hasPrefix("remote worker ") == true }
      return hello != nil
    }
    #expect(hello?["pool"] as? String == "search")
    #expect(hello?["worker"] as? String == workerName)
    #expect(hello?["broker"] as? String == "redis 127.0.0.1:\(redis.port)")
    #expect(await coordinator.terminate() == 0)
  }

  private func objects(in log: String) -> [[String: Any]] {
    log.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
  }
}
