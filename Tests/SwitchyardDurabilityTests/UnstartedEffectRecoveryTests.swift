import ComposableArchitecture
import Foundation
import SwitchyardDiagnostics
import SwitchyardJournal
import SwitchyardTestSupport
import Testing

@testable import SwitchyardRuntime

/// Remote effects a journaled store made but never started: their ends are journaled too, so a
/// coordinator restarted on the same data directory does not start them.
@MainActor
@Suite(.serialized)
struct UnstartedEffectRecoveryTests {
  /// The probe feature, plus actions whose reductions make a remote effect that never runs.
  struct Feature: Reducer {
    typealias State = ProbeFeature.State

    enum Action: Codable, Equatable, Sendable {
      case probe(ProbeFeature.Action)
      /// Returns a job cancelled in the same result, before the store starts it.
      case startedAndCancelled(name: String)
      /// Makes a job's effect and returns none.
      case dropped(name: String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .probe(action):
        return ProbeFeature().reduce(into: &state, action: action).map(Action.probe)
      case let .startedAndCancelled(name):
        return .merge(
          Effect.remote(Self.longJob(name)) { _ in nil }.cancellable(id: name),
          .cancel(id: name)
        )
      case let .dropped(name):
        _ = Effect<Action>.remote(Self.longJob(name)) { _ in nil }
        return .none
      }
    }

    static func longJob(_ tag: String) -> ProbeJob {
      ProbeJob(tag: tag, outputs: 3, intervalMillis: 2_000)
    }
  }

  /// Runs a journaled coordinator of ``Feature`` on `directory`, sends `actions`, and stops as a
  /// crash would; returns the log of a coordinator then started on it.
  func restartAfter(_ actions: [Feature.Action], in directory: String) async throws -> [String] {
    let first = try JournaledLifetime(Feature(), initialState: Feature.State(), dataDirectory: directory)
    for action in actions { first.coordinator.store.send(action) }
    await first.crash()
    let second = try JournaledLifetime(Feature(), initialState: Feature.State(), dataDirectory: directory)
    await second.crash()
    return second.log.lines
  }

  func dataDirectory() -> String {
    uniqueTemporaryPath("unstarted")
  }

  @Test func anEffectCancelledInTheReductionThatMadeItIsNotStartedAgain() async throws {
    let directory = dataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await withTimeout(120, "an effect cancelled before it started") {
      let log = try await restartAfter(
        [.startedAndCancelled(name: "a"), .probe(.start(name: "running", job: Feature.longJob("r"), cancelInFlight: false))],
        in: directory
      )
      // Only the job that did start was in flight.
      #expect(log.contains { $0.contains("1 remote effects were in flight") }, "\(log)")
    }
  }

  @Test func anEffectItsReducerDroppedIsNotStartedAgain() async throws {
    let directory = dataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await withTimeout(120, "an effect never returned") {
      let log = try await restartAfter([.dropped(name: "b"), .dropped(name: "c")], in: directory)
      #expect(!log.contains { $0.contains("in flight") }, "\(log)")
      let records = try JournalHistory(directory: directory).records()
      // Each action's record comes before the end of the effect it made, which names it.
      let texts = records.map { String(decoding: $0.payload, as: UTF8.self) }
      #expect(texts.count == 4, "\(texts)")
      #expect(texts.count == 4 && texts[1].contains(#""action":1"#) && texts[3].contains(#""action":3"#), "\(texts)")
    }
  }
}
