/// Why the demo scenario could not set a user up.
enum DemoScenarioError: Error, CustomStringConvertible {
  /// The session the user opened is not in the state: the coordinator is not running the demo.
  case sessionMissing(String)

  var description: String {
    switch self {
    case let .sessionMissing(user):
      "session '\(user)' is not in the state; is the coordinator running the demo ('switchyard start --demo')?"
    }
  }
}
