import Foundation
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRedis

@Suite(.timeLimit(.minutes(3))) struct RedisLeaseTests {
  let layout = HighAvailabilityLayout(coordinator: "lease-test")

  @Test func oneHolderAtATimeAndEveryGrantHasAHigherEpoch() async throws {
    try await withRedisServer { server in
      let redis = server.connection()
      defer { redis.close() }
      let lease = RedisLease(connection: redis, layout: layout, ttl: .seconds(30))
      let first = try #require(try lease.acquire(holder: "a"))
      #expect(first == LeaseGrant(epoch: 1, holder: "a"))
      #expect(try lease.acquire(holder: "b") == nil)
      #expect(try lease.acquire(holder: "a") == nil, "holding it is not acquiring it again")
      #expect(try lease.current() == first)
      #expect(try lease.renew(first))
      try lease.release(first)
      #expect(try lease.current() == nil)
      let second = try #require(try lease.acquire(holder: "b"))
      #expect(second == LeaseGrant(epoch: 2, holder: "b"))
      #expect(try lease.renew(first) == false, "a released grant does not come back")
      try lease.release(first)
      #expect(try lease.current() == second, "an old grant cannot release a newer holder's lease")
      #expect(try redis.get(layout.epoch) == Array("2".utf8), "the counter only counts grants")
    }
  }

  @Test func anUnrenewedLeaseExpiresOnRedisClockAndTheNextHolderFencesTheOld() async throws {
    try await withRedisServer { server in
      let redis = server.connection()
      defer { redis.close() }
      let lease = RedisLease(connection: redis, layout: layout, ttl: .milliseconds(300))
      let old = try #require(try lease.acquire(holder: "old"))
      let ttl = try #require(try redis.send(RedisCommand("PTTL", layout.lease)).integer)
      #expect(ttl > 0 && ttl <= 300)
      var taken: LeaseGrant?
      try waitUntil {
        taken = try lease.acquire(holder: "new")
        return taken != nil
      }
      let new = try #require(taken)
      #expect(new.epoch == old.epoch + 1)
      #expect(try lease.renew(old) == false)
      #expect(try lease.renew(new))
    }
  }

  @Test func scriptsAreLoadedAgainAfterTheServerForgetsThem() async throws {
    try await withRedisServer { server in
      let redis = server.connection()
      defer { redis.close() }
      let lease = RedisLease(connection: redis, layout: layout, ttl: .seconds(30))
      let grant = try #require(try lease.acquire(holder: "a"))
      try redis.send(RedisCommand("SCRIPT", "FLUSH"))
      #expect(try lease.renew(grant))
    }
  }
}
