import Foundation
import ComposableArchitecture
import SwitchyardDemo
import Testing

/// Sessions whose client went away close on their own (issue 32, item 11): a session no user acts
/// in for ten idle checks is closed, with its feed listener; any user action starts it afresh.
@MainActor
@Suite struct IdleSessionsTests {
  let upstream = UpstreamEndpoints(port: 8080)

  @Test func aSessionNoUserActsInClosesAfterTenChecksAndOneInUseStays() async {
    let clock = TestClock()
    let store = TestStore(initialState: AppFeature.State(upstream: upstream)) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.sessionOpened(id: "gone")) { $0.sessions = [SessionFeature.State(id: "gone", upstream: self.upstream)] }
    await store.send(.sessionOpened(id: "used")) { $0.sessions.append(SessionFeature.State(id: "used", upstream: self.upstream)) }
    await store.send(.idleChecksStarted)

    for check in 1..<AppFeature.idleChecksBeforeClosing {
      await clock.advance(by: AppFeature.idleCheckInterval)
      await store.receive(\.idleCheck) {
        $0.sessions[id: "gone"]?.idleChecks = check
        $0.sessions[id: "used"]?.idleChecks = 1
      }
      // A user action, and only one, keeps a session open: here a feed disconnect that changes nothing else.
      await store.send(.sessions(.element(id: "used", action: .feed(.disconnectWebSocket)))) {
        $0.sessions[id: "used"]?.idleChecks = nil
      }
    }
    // A worker's answer is not a user: it leaves the count alone.
    await store.send(.sessions(.element(id: "gone", action: .feed(.webSocketConnected)))) {
      $0.sessions[id: "gone"]?.feed.isConnected = true
    }
    await clock.advance(by: AppFeature.idleCheckInterval)
    await store.receive(\.idleCheck) {
      $0.sessions.remove(id: "gone")
      $0.sessions[id: "used"]?.idleChecks = 1
    }
    await store.skipInFlightEffects()
  }

  @Test func theIdleChecksCodeAsEmptyCases() throws {
    for action: AppFeature.Action in [.idleChecksStarted, .idleCheck] {
      let json = try JSONEncoder().encode(action)
      #expect(try JSONDecoder().decode(AppFeature.Action.self, from: json) == action)
    }
    #expect(String(decoding: try JSONEncoder().encode(AppFeature.Action.idleCheck), as: UTF8.self) == #"{"idleCheck":{}}"#)
  }
}
