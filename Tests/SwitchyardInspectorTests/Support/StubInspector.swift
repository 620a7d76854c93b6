import SwitchyardNet
import SwitchyardWire

@testable import SwitchyardInspector

/// The inspector's routes and hub over stub endpoints, without a coordinator: what the server
/// tests talk to.
@MainActor
final class StubInspector {
  let hub: InspectorHub
  let server: HTTPServer
  let history = RecentHistory<[String: Int]>(capacity: 8)
  /// The effects' lives the stub's `effects` and `effect` endpoints answer from.
  let effects = EffectLives()
  private let outbox = SentActions()
  private(set) var endpoints: InspectorEndpoints?

  init(configuration: InspectorConfiguration = InspectorConfiguration()) throws {
    hub = InspectorHub(
      limits: ClientOutbox.Limits(messages: configuration.clientQueueLimit, bytes: configuration.clientQueueBytes),
      recentActionCapacity: configuration.recentActionCapacity,
      populationChanged: { _ in }
    )
    let report = StatusReport(
      coordinator: CoordinatorStatus(pid: 1, version: "test", runDir: "/tmp", uptimeSeconds: 1, stateBytes: 2, actionsTotal: 3, actionsPerSecond: 0),
      pools: [],
      workers: []
    )
    history.retain(sequence: 1, state: ["count": 1])
    history.retain(sequence: 2, state: ["count": 2])
    let endpoints = InspectorEndpoints(
      status: { report },
      currentState: { (2, Array(#"{"count":2}"#.utf8)) },
      send: { [outbox] action in outbox.actions.append(action) },
      scale: { _, _ in },
      history: history,
      historyCapacity: 8,
      maxDiffChanges: 10,
      effects: { [effects] in effects.list() },
      effect: { [effects] in effects.life($0) }
    )
    server = try InspectorRoutes.serve(configuration: configuration, session: InspectorSession(hub: hub, endpoints: endpoints))
    self.endpoints = endpoints
  }

  /// The actions the stub was asked to send.
  var sent: [JSONValue] {
    outbox.actions
  }

  /// Where the stub's `send` endpoint puts what it is given.
  private final class SentActions {
    var actions: [JSONValue] = []
  }
}
