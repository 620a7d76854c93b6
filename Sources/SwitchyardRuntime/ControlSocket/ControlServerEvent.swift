import SwitchyardWire

/// What the control socket's I/O thread reports to the main actor.
enum ControlServerEvent: Sendable {
  /// A client sent a request.
  case message(client: Int, ControlRequest)
  /// A client sent a frame that is not a control message; it gets an error and stays connected.
  case malformed(client: Int, String)
  /// A client went away; its subscriptions end.
  case disconnected(client: Int)
}

extension ControlServerEvent {
  /// The client whose request this is; `nil` for a disconnection, which is no request.
  var request: Int? {
    switch self {
    case let .message(client, _), let .malformed(client, _): client
    case .disconnected: nil
    }
  }
}
