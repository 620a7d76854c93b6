/// A Switchyard application as its executable describes it: the feature the coordinator's store
/// runs, where it starts, the worker pools its effects need, and the handlers its workers serve.
///
/// Hand it to ``SwitchyardCommandLine/main(_:)`` and the executable has the whole command line —
/// `start`, `status`, `send`, `scale`, `load` and `worker` — with its workers spawned from the same
/// executable:
///
/// ```swift
/// await SwitchyardCommandLine.main(
///   Application(
///     name: "documents",
///     reducer: Documents(),
///     initialState: Documents.State(),
///     pools: [PoolConfiguration(kind: WordCountJob.kind, size: 2)],
///     handlers: [WordCountHandler()]
///   )
/// )
/// ```
public struct Application<Feature: Reducer> where Feature.State: Codable & Equatable & Sendable, Feature.Action: Codable & Sendable {
  /// The executable's name, as help and error messages spell it.
  public var name: String
  /// Printed by `--version` and reported by the coordinator's status.
  public var version: String
  /// One line under the name in the executable's help.
  public var abstract: String
  /// The feature the coordinator's store runs.
  public var reducer: Feature
  /// The state the store starts from.
  public var initialState: Feature.State
  /// Actions sent to the store once the coordinator is up, in order.
  public var startActions: [Feature.Action]
  /// Actions sent to the store when the coordinator is asked to stop, before its pools stop: end
  /// long-lived listeners here (and start them again from ``startActions``), so that a clean stop
  /// leaves no effect in flight and the next start has nothing to make again.
  public var stopActions: [Feature.Action]
  /// The actions clients (`send`, `load`, the inspector) may send; the coordinator refuses the rest
  /// before they reach the reducer. Every action by default: declare the ones users cause, and an
  /// effect's output can no longer be forged.
  public var clientActions: ClientActions<Feature.Action>
  /// The worker pools `start` runs unless `--pools` says otherwise.
  public var pools: [PoolConfiguration]
  /// The handlers `worker KIND` serves: one per job kind the feature's effects use.
  public var handlers: [any JobHandler]
  /// What `load --scenario` can run against this application; the first is the default.
  public var loadScenarios: [any LoadScenario]
  /// Lines printed once the coordinator is up, after where it serves: say what to try first.
  public var startMessage: String
  /// Whole `send` command lines shown in `send --help`, each with an action this feature decodes.
  public var sendExamples: [String]
  /// The version of the state and actions this build journals, from 1: raise it when their JSON
  /// changes in a way the last version's does not decode, and register a `Migration` from it.
  public var dataVersion: Int
  /// How what older versions journaled becomes this version's: one per version that needs one.
  public var migrations: [Migration]

  /// Describes an application.
  public init(
    name: String,
    version: String = "0.1.0",
    abstract: String = "A Composable Architecture application whose effects run in supervised worker processes.",
    reducer: Feature,
    initialState: Feature.State,
    startActions: [Feature.Action] = [],
    stopActions: [Feature.Action] = [],
    clientActions: ClientActions<Feature.Action> = .all,
    pools: [PoolConfiguration],
    handlers: [any JobHandler],
    loadScenarios: [any LoadScenario] = [],
    startMessage: String = "",
    sendExamples: [String] = [],
    dataVersion: Int = 1,
    migrations: [Migration] = []
  ) {
    self.name = name
    self.version = version
    self.abstract = abstract
    self.reducer = reducer
    self.initialState = initialState
    self.startActions = startActions
    self.stopActions = stopActions
    self.clientActions = clientActions
    self.pools = pools
    self.handlers = handlers
    self.loadScenarios = loadScenarios
    self.startMessage = startMessage
    self.sendExamples = sendExamples
    self.dataVersion = dataVersion
    self.migrations = migrations
  }
}

import SwitchyardDurability