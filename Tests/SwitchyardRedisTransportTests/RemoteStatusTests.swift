import SwitchyardRedis
import SwitchyardWire
import Testing
@testable import SwitchyardRedisTransport

/// What `status` shows of a remote pool's workers: the group's consumers and the workers heard
/// from, less the ones long gone.
struct RemoteStatusTests {
  @Test func aConsumerSilentPastTheLimitAndHoldingNothingIsNotListed() {
    let limit = RedisBroker.forgetSilentWorkersAfter.milliseconds
    let consumers = [
      StreamConsumerInfo(name: "idle/1", pending: 0, idleMilliseconds: limit + 1),
      StreamConsumerInfo(name: "gone/2", pending: 0, idleMilliseconds: limit + 1),
      StreamConsumerInfo(name: "stuck/3", pending: 2, idleMilliseconds: limit + 1),
      StreamConsumerInfo(name: "busy/4", pending: 0, idleMilliseconds: 1_000),
    ]
    let status = RedisBroker.status(
      of: StreamBacklog(length: 2, pending: 2, oldestPendingAge: nil, consumers: consumers),
      readMillisAgo: 0,
      heard: ["idle/1": 500]
    )
    let listed = Dictionary(uniqueKeysWithValues: status.workers.map { ($0.host, $0) })
    #expect(listed.keys.sorted() == ["busy", "idle", "stuck"], "a dead worker holding jobs still shows")
    #expect(listed["idle"]?.lastHeardMillisAgo == 500, "heartbeats count as heard, however long it took no job")
    #expect(listed["stuck"]?.pending == 2)
  }
}
