/// Why a coordinator refused an action a client sent, though it decoded.
public enum ClientActionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The application's ``ClientActions`` do not include the action at `path`: its effects send it,
  /// or it is internal to the application.
  case notFromClients(path: String)

  /// A sentence saying what was refused and what to send instead.
  public var description: String {
    switch self {
    case let .notFromClients(path):
      "The application does not take '\(path)' from clients: only its own effects send it. Nothing was "
        + "reduced; send an action a user causes instead (see 'send --help')."
    }
  }
}
