import Foundation
import SwitchyardDiagnostics
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardRuntime

/// What a coordinator takes from clients (issue 32, item 2): the inspector's send box goes through
/// ``Coordinator/send(json:)``, the control socket through the same check.
@MainActor
@Suite struct ClientActionsTests {
  static func coordinator(_ clientActions: ClientActions<ProbeFeature.Action>) -> Coordinator<ProbeFeature> {
    let coordinator = Coordinator(
      configuration: CoordinatorConfiguration(runDirectory: uniqueTemporaryPath("never-started"), pools: []),
      initialState: ProbeFeature.State(runs: ["a": ProbeRun(tag: "a")]),
      reducer: ProbeFeature()
    )
    coordinator.clientActions = clientActions
    return coordinator
  }

  @Test func anActionClientsMayNotSendIsRefusedBeforeTheReducerAndNamedByItsPath() throws {
    let coordinator = Self.coordinator(ClientActions { action in
      if case .cancel = action { true } else { false }
    })
    // `PATH` is set in every test process: reduced, this action would trap.
    #expect(throws: ClientActionError.notFromClients(path: "trap.whenSet")) {
      try coordinator.send(json: ["trap": ["whenSet": "PATH"]])
    }
    try coordinator.send(json: ["cancel": ["name": "a"]])
    #expect(coordinator.store.state.runs["a"]?.outcome == .cancelled)
  }

  /// Found building the control-socket fuzz's corpus: `{"trap":{"whenSet":"HOME"}}` from any
  /// client stopped a `switchyard start` (the probe app takes every action from clients), as did a
  /// job tagged `trap:PATH` at its first output; a trap now names only a variable set to arm one.
  @Test func aTrapNamingAVariableEveryEnvironmentSetsDoesNothing() throws {
    let coordinator = Self.coordinator(.all)
    for variable in ["PATH", "HOME"] where getenv(variable) != nil {
      try coordinator.send(json: ["trap": ["whenSet": .string(variable)]])
    }
    #expect(coordinator.store.state.runs["a"]?.outcome == .running)
  }

  @Test func byDefaultClientsMaySendEveryAction() throws {
    let coordinator = Self.coordinator(.all)
    try coordinator.send(json: ["trap": ["whenSet": "SWITCHYARD_UNSET_VARIABLE"]])
    try coordinator.send(json: ["cancel": ["name": "a"]])
    #expect(coordinator.store.state.runs["a"]?.outcome == .cancelled)
  }
}
