import SwitchyardWire

/// What simulated users do to a coordinator: for each user, the actions that set it up, the slice
/// of state it watches, and the action of each of its steps.
///
/// A scenario is data about an application, so `switchyard load` knows no application: each
/// application brings its own (`switchyard`'s drive its probe application and its demo).
public protocol LoadScenario: Sendable {
  /// The name `--scenario` selects it by.
  var name: String { get }
  /// One line for `load --help`: what each user does, and what the coordinator must run.
  var summary: String { get }
  /// The pools `load --spawn` starts when not told otherwise, as `KIND=N,…`.
  var defaultPools: String { get }
  /// The arguments after `switchyard start` that run the application this scenario drives.
  var startArguments: [String] { get }
  /// Actions that prepare user `user` before its first step, such as opening its session.
  func setUpActions(user: String) -> [JSONValue]
  /// The dotted path of the state user `user` watches, found once its set-up actions are in the
  /// store; `lookUp` reads the state at a path.
  func watchedPath(user: String, lookUp: (String) throws -> JSONValue) throws -> String
  /// User `user`'s step number `index` (from 0); `slice` is its watched state now.
  func step(user: String, index: Int, slice: JSONValue) -> LoadStep
  /// Actions that end everything user `user` started, so each of its effects ends.
  func tearDownActions(user: String) -> [JSONValue]
}

extension LoadScenario {
  /// No description.
  public var summary: String { "" }
}
