import SwitchyardTestSupport
import Testing
@testable import SwitchyardRedis

/// The reply stream's oversized entries, deleted unread and reported: a server slower than the
/// read timeout must not leave one deleted and unreported.
@Suite(.timeLimit(.minutes(1))) struct DropOversizedRepliesTests {
  @Test func anEntryIsDroppedAndReportedWhenTheServerTakesLongerThanTheReadTimeout() async throws {
    try await withRedisServer { server in
      let queue = StreamQueue(layout: StreamLayout(coordinator: "slow"), connection: server.connection { $0.readTimeout = .milliseconds(300) })
      defer { queue.connection.close() }
      let big = try queue.connection.xadd(queue.layout.replies, fields: [StreamField("message", [UInt8](repeating: 0x78, count: 2 << 20))])
      // The script loaded first, as a running coordinator has it: only its run is made to wait.
      #expect(try queue.dropOversizedReplies(after: big, count: 1, limit: 1 << 20).isEmpty)
      // Every command waits a second from now, as on a loaded server: the script's reply comes
      // after the read timeout, and before, it was given up on while Redis deleted the entry.
      let admin = server.connection()
      defer { admin.close() }
      try admin.send(RedisCommand("CLIENT", "PAUSE", "1000", "ALL"))
      let dropped = try queue.dropOversizedReplies(after: .zero, count: 10, limit: 1 << 20)
      #expect(dropped.map(\.id) == [big])
    }
  }
}
