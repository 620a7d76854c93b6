/// A replayed reduction asked its dependencies for other values than the recorded one did.
///
/// The reducer is not the one that wrote the journal, or it depends on something unrecorded.
public enum DependencyReplayError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The reduction asked `dependency` for more values than were recorded.
  case exhausted(dependency: String)
  /// The reduction left `count` recorded values of `dependency` unasked for.
  case unused(dependency: String, count: Int)

  public var description: String {
    switch self {
    case let .exhausted(dependency):
      "Replay asked @Dependency(\\.\(dependency)) for more values than the journal recorded: the reducer differs "
        + "from the one that wrote the journal, or reads a non-deterministic value outside its dependencies."
    case let .unused(dependency, count):
      "Replay left \(count) recorded value(s) of @Dependency(\\.\(dependency)) unused: the reducer differs from "
        + "the one that wrote the journal."
    }
  }
}
