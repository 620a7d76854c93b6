import SwitchyardRedis
import SwitchyardWire
import Testing
@testable import SwitchyardRedisTransport

/// What `status` shows of a remote pool's workers: those whose heartbeat lives, with what the
/// group says they hold.
struct RemoteStatusTests {
  @Test func aWorkerIsListedWhileItsHeartbeatLivesWhateverItsConsumersIdleTime() {
    let consumers = [
      // Handed jobs a moment ago, so its consumer looks fresh; its heartbeat stopped.
      StreamConsumerInfo(name: "dead/1", pending: 31, idleMilliseconds: 10),
      StreamConsumerInfo(name: "busy/2", pending: 2, idleMilliseconds: 40_000),
      StreamConsumerInfo(name: "idle/3", pending: 0, idleMilliseconds: 600_000),
    ]
    let status = RedisBroker.status(
      of: StreamBacklog(length: 40, pending: 33, oldestPendingAge: nil, consumers: consumers),
      readMillisAgo: 100,
      heartbeats: ["busy/2": .milliseconds(300), "idle/3": .milliseconds(900), "new/4": .zero]
    )
    let listed = Dictionary(uniqueKeysWithValues: status.workers.map { ($0.host, $0) })
    #expect(listed.keys.sorted() == ["busy", "idle", "new"], "the dead worker is gone however recently it was handed jobs")
    #expect(listed["busy"]?.pending == 2)
    #expect(listed["busy"]?.lastHeardMillisAgo == 400, "heard is its heartbeat's age plus the read's")
    #expect(listed["idle"]?.lastHeardMillisAgo == 1_000, "a worker that took no job for ten minutes still beats")
    #expect(listed["new"]?.pending == 0, "a worker not yet in the group holds nothing")
  }
}
