import SwitchyardWire

/// What the control socket's I/O thread reports to the main actor.
enum ControlServerEvent: Sendable {
  /// A client sent a request.
  case message(client: Int, ControlRequest)
  /// A client sent a frame that is not a control message; it gets an error, carrying the
  /// request's `id` when that could be read, and stays connected.
  case malformed(client: Int, String, id: UInt64?)
  /// A client's input ended (it shut its writing side, or broke the framing) after the requests
  /// posted before this: once those are answered, `sent`s included, hang up on it.
  case inputEnded(client: Int)
  /// A client went away; its subscriptions end.
  case disconnected(client: Int)
}

extension ControlServerEvent {
  /// The client whose request this is; `nil` for the end of a client's input or a disconnection,
  /// which are no requests.
  var request: Int? {
    switch self {
    case let .message(client, _), let .malformed(client, _, _): client
    case .inputEnded, .disconnected: nil
    }
  }
}
