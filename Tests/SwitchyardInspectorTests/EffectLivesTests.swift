import Foundation
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

@testable import SwitchyardInspector

@MainActor
struct EffectLivesTests {
  @Test func anEffectsLifeHasItsJobAttemptsOutputsRetryAndEnd() throws {
    let lives = EffectLives()
    lives.record(.started(effect: 7, kind: "search", job: Array(#"{"query":"copper"}"#.utf8)), after: 41)
    lives.record(.attempt(effect: 7, number: 1, worker: .process(pid: 100)), after: 41)
    lives.record(.retrying(effect: 7, reason: "search worker 100 closed its output"), after: 42)
    lives.record(.attempt(effect: 7, number: 2, worker: .process(pid: 101)), after: 42)
    for index in 1...4 {
      lives.record(.output(effect: 7, json: RawJSON(["page": .int(Int64(index))])), after: 43)
    }
    lives.record(.ended(effect: 7, .finished), after: 44)

    let life = try #require(lives.life(7))
    #expect(life.kind == "search" && life.startedAfter == 41 && life.state == "finished")
    #expect(life.attempts.map(\.pid) == [100, 101] && life.attempts.map(\.number) == [1, 2])
    #expect(life.retries.map(\.reason) == ["search worker 100 closed its output"] && life.summary.lost == 1)
    #expect(life.outputs == 4 && life.latestOutputs.count == EffectLife.keptOutputs)
    #expect(life.latestOutputs.last?.bytes == Array(#"{"page":4}"#.utf8))
    #expect(life.job.bytes == Array(#"{"query":"copper"}"#.utf8))
    #expect(lives.list().failed.isEmpty && lives.list().recent.map(\.id) == [7])
  }

  @Test func failuresAreListedWithTheirErrorsNewestFirstAndOutliveTheRecentList() throws {
    let lives = EffectLives(capacity: 2, failedCapacity: 2)
    for id in UInt64(1)...5 {
      lives.record(.started(effect: id, kind: "pagination", job: Array("{}".utf8)), after: nil)
      lives.record(.attempt(effect: id, number: 1, worker: .process(pid: 9)), after: nil)
    }
    lives.record(.ended(effect: 4, .failed(JobFailure(code: .timeout, message: "took longer than 5 s"))), after: nil)
    lives.record(.ended(effect: 5, .failed(JobFailure(code: .handlerError, message: "upstream said 500"))), after: nil)
    lives.record(.ended(effect: 3, .cancelled), after: nil)

    let (recent, failed) = lives.list()
    #expect(recent.map(\.id) == [5, 4])
    #expect(failed.map(\.id) == [5, 4])
    #expect(failed.map(\.code) == ["handlerError", "timeout"] && failed.first?.message == "upstream said 500")
    #expect(lives.life(1) == nil, "the oldest lives are forgotten")
    #expect(recent.first?.state == "failed" && recent.first?.pid == 9)
  }

  @Test func aLifeThatLostAnAttemptOutlivesTheRecentListAmongTheLastSuch() throws {
    let lives = EffectLives(capacity: 2, failedCapacity: 2)
    for id in UInt64(1)...4 {
      lives.record(.started(effect: id, kind: "search", job: Array("{}".utf8)), after: nil)
      lives.record(.attempt(effect: id, number: 1, worker: .process(pid: 9)), after: nil)
      if id != 2 { lives.record(.retrying(effect: id, reason: "search worker 9 closed its output"), after: nil) }
    }
    // Still heard of once forgotten from the recent list: its next attempt and its end.
    lives.record(.attempt(effect: 1, number: 2, worker: .process(pid: 10)), after: nil)
    lives.record(.ended(effect: 1, .finished), after: nil)
    for id in UInt64(5)...8 { lives.record(.started(effect: id, kind: "search", job: Array("{}".utf8)), after: nil) }

    #expect(lives.list().recent.map(\.id) == [8, 7])
    #expect(lives.life(2) == nil, "a life that lost nothing is forgotten")
    // Kept: the last two that lost an attempt (3 and 4); 1, the oldest such, made room for them.
    #expect(lives.life(1) == nil)
    #expect(lives.life(3)?.retries.count == 1 && lives.life(4)?.retries.count == 1)
    #expect(lives.life(3)?.summary.lost == 1)
  }

  @Test func aRetriedLifeKeepsWhatHappensAfterItLeavesTheRecentList() throws {
    let lives = EffectLives(capacity: 1, failedCapacity: 5)
    lives.record(.started(effect: 1, kind: "search", job: Array("{}".utf8)), after: nil)
    lives.record(.attempt(effect: 1, number: 1, worker: .process(pid: 9)), after: nil)
    lives.record(.retrying(effect: 1, reason: "search worker 9 closed its output"), after: nil)
    lives.record(.started(effect: 2, kind: "search", job: Array("{}".utf8)), after: nil)
    lives.record(.attempt(effect: 1, number: 2, worker: .process(pid: 10)), after: nil)
    lives.record(.ended(effect: 1, .finished), after: nil)

    let life = try #require(lives.life(1))
    #expect(life.attempts.map(\.number) == [1, 2] && life.end?.outcome == "finished")
    #expect(lives.list().recent.map(\.id) == [2])
  }

  @Test func anAttemptThroughABrokerNamesTheBrokerAndNoPid() throws {
    let lives = EffectLives()
    let broker = "redis 127.0.0.1:6379, stream sy:jobs:search"
    lives.record(.started(effect: 1, kind: "search", job: Array("{}".utf8)), after: nil)
    lives.record(.attempt(effect: 1, number: 1, worker: .broker(broker)), after: nil)

    let life = try #require(lives.life(1))
    let json = String(decoding: try WireJSONEncoder().encode(life), as: UTF8.self)
    #expect(json.contains(#""attempts":[{"number":1,"broker":"redis 127.0.0.1:6379, stream sy:jobs:search","at":"#), "\(json)")
    #expect(!json.contains(#""pid""#), "\(json)")
    let row = try #require(lives.list().recent.first)
    #expect(row.broker == broker && row.pid == nil)
  }

  @Test func aJobTooLongToKeepIsCutShortAndSaysItsSize() throws {
    let long = Array((#"{"text":""# + String(repeating: "x", count: 10_000) + #""}"#).utf8)
    let kept = KeptJSON(long)
    #expect(kept.bytes.count == EffectLife.keptBytes && kept.total == long.count)
    let json = String(decoding: try WireJSONEncoder().encode(kept), as: UTF8.self)
    #expect(json.contains(#""text":"{\"text\":\"xxx"#) && json.contains(#""bytes":\#(long.count)"#))
  }
}

struct StatusSamplesTests {
  private func report(completed: UInt64, failed: UInt64, queued: Int) -> StatusReport {
    StatusReport(
      coordinator: CoordinatorStatus(pid: 1, version: "test", runDir: "/tmp", uptimeSeconds: 1, stateBytes: 2, actionsTotal: 3, actionsPerSecond: 12.5),
      pools: [
        PoolStatus(
          kind: "search", size: 2, target: 2, busy: 1, queued: queued, completed: completed, failed: failed,
          retried: 0, restarts: 0, latencyP50Micros: 900, latencyP99Micros: 4_000, health: "healthy"
        )
      ],
      workers: []
    )
  }

  @Test func ratesAreCountedFromThePreviousReportAndTheRingKeepsTheNewest() {
    let samples = StatusSamples(capacity: 3)
    let first = samples.record(report(completed: 10, failed: 0, queued: 0), at: 1_000)
    #expect(first.pools.first?.donePerSecond == 0, "no rate before a second report")
    let second = samples.record(report(completed: 30, failed: 1, queued: 7), at: 3_000)
    #expect(second.pools.first?.donePerSecond == 10 && second.pools.first?.failedPerSecond == 0.5)
    #expect(second.pools.first?.queued == 7 && second.pools.first?.p99Micros == 4_000 && second.actionsPerSecond == 12.5)
    for at in [4_000.0, 5_000] {
      samples.record(report(completed: 30, failed: 1, queued: 0), at: at)
    }
    #expect(samples.all.map(\.at) == [3_000, 4_000, 5_000])
  }
}

/// `/effects` over HTTP, as curl reads it.
@Suite(.timeLimit(.minutes(3)), .onAThreadOfItsOwn) struct EffectsRouteTests {
  private func get(_ target: String, port: UInt16) throws -> String {
    let client = try RawClient(port: port)
    try client.write("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    return client.readResponse()
  }

  @Test func theEffectsAndOneEffectsLifeAreJSONAndAnUnknownOneIs404() async throws {
    let inspector = try await StubInspector()
    defer { Task { await inspector.server.stop() } }
    await MainActor.run {
      inspector.effects.record(.started(effect: 3, kind: "search", job: Array(#"{"query":"kettle"}"#.utf8)), after: 2)
      inspector.effects.record(.attempt(effect: 3, number: 1, worker: .process(pid: 77)), after: 2)
      inspector.effects.record(.ended(effect: 3, .failed(JobFailure(code: .timeout, message: "took longer than 5 s"))), after: 2)
    }
    let port = inspector.server.port
    let list = try get("/effects", port: port)
    #expect(list.hasPrefix("HTTP/1.1 200 OK") && list.contains("application/json"), "\(list)")
    #expect(list.contains(#""failed":[{"id":3,"kind":"search","state":"failed""#) && list.contains(#""message":"took longer than 5 s""#), "\(list)")
    let life = try get("/effects?id=3", port: port)
    #expect(life.contains(#""type":"effect""#) && life.contains(#""pid":77"#) && life.contains(#""query":"kettle""#), "\(life)")
    let unknown = try get("/effects?id=99", port: port)
    #expect(unknown.hasPrefix("HTTP/1.1 404") && unknown.contains("keeps no life of effect 99"), "\(unknown)")
    #expect(try get("/effects?id=x", port: port).hasPrefix("HTTP/1.1 400"))
  }
}
