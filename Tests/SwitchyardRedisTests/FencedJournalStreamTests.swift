import Foundation
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRedis

@Suite(.timeLimit(.minutes(3))) struct FencedJournalStreamTests {
  let layout = HighAvailabilityLayout(coordinator: "fence-test")

  private func entry(_ first: UInt64, _ last: UInt64, epoch: UInt64) -> JournalStreamEntry {
    JournalStreamEntry(first: first, last: last, epoch: epoch, records: Array("records \(first)...\(last)\r\n\0".utf8))
  }

  @Test func theHolderAppendsInOrderAndADeposedLeadersLateAppendIsRefused() async throws {
    try await withRedisServer { server in
      let redis = server.connection()
      defer { redis.close() }
      let lease = RedisLease(connection: redis, layout: layout, ttl: .seconds(30))
      let stream = FencedJournalStream(connection: redis, layout: layout)
      let old = try #require(try lease.acquire(holder: "old"))
      try stream.append(entry(1, 3, epoch: old.epoch), under: old)
      try stream.append(entry(4, 4, epoch: old.epoch), under: old)
      #expect(throws: FencedAppendError.gap(head: 4, first: 6)) { try stream.append(entry(6, 7, epoch: old.epoch), under: old) }
      #expect(throws: FencedAppendError.gap(head: 4, first: 3)) { try stream.append(entry(3, 5, epoch: old.epoch), under: old) }
      // The lease runs out (its key removed, as expiry does) while the old leader still thinks it leads.
      try redis.delete([layout.lease])
      #expect(throws: FencedAppendError.fenced(writer: old, current: nil)) { try stream.append(entry(5, 5, epoch: old.epoch), under: old) }
      var new: LeaseGrant?
      try waitUntil {
        new = try lease.acquire(holder: "new")
        return new != nil
      }
      let leader = try #require(new)
      #expect(throws: FencedAppendError.fenced(writer: old, current: leader)) { try stream.append(entry(5, 5, epoch: old.epoch), under: old) }
      #expect(throws: FencedAppendError.fenced(writer: old, current: leader)) { try stream.storeSnapshot([1], sequence: 4, keeping: 2, under: old) }
      try stream.append(entry(5, 6, epoch: leader.epoch), under: leader)
      #expect(try stream.head() == 6)
      #expect(try stream.read(after: 0) == [entry(1, 3, epoch: 1), entry(4, 4, epoch: 1), entry(5, 6, epoch: 2)])
      #expect(try stream.read(after: 3) == [entry(4, 4, epoch: 1), entry(5, 6, epoch: 2)])
      #expect(try stream.read(after: 5) == [entry(5, 6, epoch: 2)], "an entry straddling the position is read whole")
      #expect(try stream.read(after: 6).isEmpty)
    }
  }

  @Test func aBlockingReadWakesOnTheNextAppend() async throws {
    try await withRedisServer { server in
      let redis = server.connection()
      let reader = server.connection()
      defer {
        redis.close()
        reader.close()
      }
      let lease = RedisLease(connection: redis, layout: layout, ttl: .seconds(30))
      let grant = try #require(try lease.acquire(holder: "a"))
      let stream = FencedJournalStream(connection: redis, layout: layout)
      let tail = FencedJournalStream(connection: reader, layout: layout)
      let read = Thread.detachedResult { () throws(RedisError) in try tail.read(after: 0, block: .seconds(30)) }
      try stream.append(entry(1, 2, epoch: grant.epoch), under: grant)
      #expect(try read.wait().get() == [entry(1, 2, epoch: grant.epoch)])
    }
  }

  @Test func snapshotsAreKeptAsToldAndTheStreamIsTrimmedBehindTheOldestKept() async throws {
    try await withRedisServer { server in
      let redis = server.connection()
      defer { redis.close() }
      let grant = try #require(try RedisLease(connection: redis, layout: layout, ttl: .seconds(30)).acquire(holder: "a"))
      let stream = FencedJournalStream(connection: redis, layout: layout)
      for first in stride(from: UInt64(1), through: 10, by: 2) { try stream.append(entry(first, first + 1, epoch: 1), under: grant) }
      try stream.storeSnapshot(Array("at 4".utf8), sequence: 4, keeping: 2, under: grant)
      #expect(try stream.read(after: 0).map(\.first) == [5, 7, 9])
      try stream.storeSnapshot(Array("at 7".utf8), sequence: 7, keeping: 2, under: grant)
      #expect(try stream.read(after: 0).map(\.first) == [5, 7, 9], "the snapshot at 4 is still kept")
      try stream.storeSnapshot(Array("at 10".utf8), sequence: 10, keeping: 2, under: grant)
      #expect(try stream.snapshotSequences() == [7, 10])
      #expect(try stream.snapshot(7) == Array("at 7".utf8))
      #expect(try stream.snapshot(4) == nil)
      #expect(try stream.read(after: 0).map(\.first) == [7, 9], "the entry holding 7 and 8 is needed after the snapshot at 7")
    }
  }

  @Test func aLeaderWithRecordsOfItsOwnStartsAnUnwrittenStreamAfterThem() async throws {
    try await withRedisServer { server in
      let redis = server.connection()
      defer { redis.close() }
      let grant = try #require(try RedisLease(connection: redis, layout: layout, ttl: .seconds(30)).acquire(holder: "a"))
      let stream = FencedJournalStream(connection: redis, layout: layout)
      #expect(try stream.start(after: 41, under: grant))
      #expect(try stream.start(after: 7, under: grant) == false)
      try stream.append(entry(42, 42, epoch: 1), under: grant)
      #expect(try stream.head() == 42)
    }
  }
}
