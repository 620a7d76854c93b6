#if canImport(Glibc)
import Glibc
#endif
import SwitchyardDiagnostics
import SwitchyardRedis
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// An operator's trim of the reply stream (`XTRIM … MAXLEN n`, which keeps the newest entries)
/// while the coordinator is behind on it drops an attempt's last outputs but keeps its `finished`.
/// No later output shows the gap, so the effect ended without them, silently; the `finished` now
/// says how many outputs were emitted, and the attempt is lost as if its worker died: retried, every
/// output delivered once and in order, or, not retryable, failed saying why.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct TrimmedReplyStreamTests {
  static let outputs = 8

  @Test func theLastOutputsTrimmedAwayAreDeliveredByARetry() async throws {
    let (run, log) = try await trimTheLastOutputs(retryable: true)
    // One attempt or two as the probe counts them: a coordinator stopped before it read anything
    // of the first loses that attempt's start to the trim as well; the warning below says it was lost.
    #expect(run.outcome == .finished && run.outputs == Array(0..<Self.outputs) && (1...2).contains(run.attempts), "\(run)\n\(log)")
    let warning = log.split(separator: "\n").first { $0.contains("the reply stream lost entries") }
    #expect(warning?.contains("finished after \(Self.outputs) outputs when") == true, "the effect and both counts: \(log)")
  }

  @Test func anAttemptNotRetryableFailsSayingItsLastOutputsWereLost() async throws {
    let (run, log) = try await trimTheLastOutputs(retryable: false)
    #expect(run.outcome == .failed && run.failure?.code == .workerExited, "\(run)\n\(log)")
    let message = run.failure?.message ?? ""
    #expect(message.contains("finished after \(Self.outputs) outputs") && message.contains("not retryable"), "\(message)")
    #expect(run.outputs.count < Self.outputs)
  }

  /// Runs a probe job whose outputs the coordinator, stopped once the job is in Redis, has not read
  /// when its worker finishes; trims the reply stream to the `finished` and everything after it;
  /// lets the coordinator go on, and returns the run once it ends, with the coordinator's log.
  private func trimTheLastOutputs(retryable: Bool) async throws -> (ProbeRun, String) {
    let cluster = try await RemotePoolCluster(workers: 1)
    defer { cluster.cleanUp() }
    let redis = RedisConnection(configuration: cluster.redis.configuration)
    defer { redis.close() }
    let replies = StreamLayout(coordinator: cluster.name).replies
    // 8 s of outputs, and the coordinator stopped as soon as the job is in Redis, watched there
    // every 20 ms: stopped once two outputs had arrived through the control socket, a loaded full
    // run once saw the coordinator read all eight first, and nothing was trimmed that it needed;
    // with 3.2 s of outputs, a fresh clone's full run never saw the job in its stream, the test's
    // watch (on the test process's busy cooperative threads) missing the whole of it.
    let job = ProbeJob(tag: "trim", outputs: Self.outputs, intervalMillis: 1_000, retryable: retryable)
    try cluster.start("trim", job)
    try await cluster.eventually("the job in its stream") { try cluster.backlog().length == 1 }

    let coordinator = cluster.coordinator.process.pid
    kill(coordinator, SIGSTOP)
    do {
      // The worker deletes the job's entry in the transaction that writes its `finished`.
      try await cluster.eventually("the attempt's end") { try cluster.backlog().length == 0 }
      let entries = try redis.xread(streams: [(key: replies, position: .after(.zero))]).flatMap(\.entries)
      let finished = try #require(
        entries.first { entry in
          guard let message = entry[field: "message"], case .finished = try? WorkerMessage(payload: message) else { return false }
          return true
        }
      )
      // As `MAXLEN` keeps the newest: the `finished` stays whatever heartbeats followed it.
      try redis.send(RedisCommand("XTRIM", replies, "MINID", finished.id.description))
    } catch {
      kill(coordinator, SIGCONT)
      throw error
    }
    kill(coordinator, SIGCONT)
    let run = try await cluster.wait(for: "trim") { $0.outcome != .running }
    return (run, cluster.coordinator.log)
  }
}
