#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardDiagnostics
import SwitchyardRedis
import SwitchyardWire
import Testing
@testable import SwitchyardRedisTransport

/// Reply entries too large for the coordinator to take at once: one over a frame's limit is
/// deleted unread with a warning, and large ones are read a few at a time, so neither deafens
/// every remote pool nor makes one read hold gigabytes.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct OversizedReplyTests {
  @Test func anEntryOverTheLimitIsDeletedAndTheReplyStreamReadOn() async throws {
    let cluster = try await RemotePoolCluster(workers: 1)
    defer { cluster.cleanUp() }
    let redis = RedisConnection(configuration: cluster.redis.configuration)
    defer { redis.close() }
    let replies = StreamLayout(coordinator: cluster.name).replies
    // Over the client's 64 MiB default too, which stopped the reader at it for good.
    let huge = try redis.xadd(replies, fields: [StreamField("message", [UInt8](repeating: UInt8(ascii: "x"), count: 65 << 20))])

    try cluster.start("after", ProbeJob(tag: "after", outputs: 2))
    let run = try await cluster.wait(for: "after") { $0.outcome != .running }
    #expect(run.outcome == .finished && run.outputs == [0, 1])
    #expect(cluster.coordinator.log.contains("Entry \(huge) of \(replies) was dropped: it holds \((65 << 20) + 7) bytes"))
    #expect(try redis.send(RedisCommand("XRANGE", replies, huge.description, huge.description)).elements == [])
  }

  @Test func largeEntriesAreReadAFewAtATime() async throws {
    let cluster = try await RemotePoolCluster(workers: 1)
    defer { cluster.cleanUp() }
    let redis = RedisConnection(configuration: cluster.redis.configuration)
    defer { redis.close() }
    let replies = StreamLayout(coordinator: cluster.name).replies
    let pid = cluster.coordinator.process.pid
    let before = try peakResidentBytes(of: pid)

    // Stopped, the coordinator finds them all waiting: one read of them all would hold 120 MiB.
    kill(pid, SIGSTOP)
    for _ in 0..<8 {
      _ = try redis.xadd(replies, fields: [StreamField("message", [UInt8](repeating: UInt8(ascii: "x"), count: 15 << 20))])
    }
    kill(pid, SIGCONT)
    try cluster.start("after", ProbeJob(tag: "after", outputs: 1))
    let run = try await cluster.wait(for: "after") { $0.outcome != .running }
    #expect(run.outcome == .finished)
    let grown = try peakResidentBytes(of: pid) - before
    #expect(grown < 160 << 20, "the coordinator's peak grew by \(grown >> 20) MiB")
  }

  /// The most memory `pid` has held at once (`VmHWM`), in bytes.
  private func peakResidentBytes(of pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
    return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])) << 10
  }
}
