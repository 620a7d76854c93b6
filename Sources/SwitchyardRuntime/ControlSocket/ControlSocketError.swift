import SwitchyardWire

/// Why the control socket refused or dropped a client: sent to it as an `error` frame with the
/// case's code before the connection closes, and logged by the coordinator.
enum ControlSocketError: Error, Equatable, CustomStringConvertible {
  /// As many clients as ``ControlSocketLimits/maxConnections`` are already connected.
  case tooManyConnections(limit: Int)
  /// Accepting would use the descriptors kept for worker restarts, or there were none left.
  case noDescriptors
  /// The client left more than its reply limit unread.
  case repliesUnread(limit: Int)
  /// Unfinished requests of all clients passed the budget, and this client held the most.
  case unfinishedRequestsOverBudget(held: Int, budget: Int)
  /// The client sent bytes that are not a frame; framing is lost.
  case badFrame(String)
  /// The client sent no frame within ``ControlSocketLimits/handshakeTimeout`` of connecting.
  case handshakeTimeout(Duration)
  /// The client, with no subscription and nothing in progress, sent nothing for
  /// ``ControlSocketLimits/idleTimeout``.
  case idleTimeout(Duration)
  /// A TCP client's first message was not a `hello` carrying the listener's token.
  case unauthorized
  /// The connection cap was reached and this client, silent or idle longest, made room for a new one.
  case evicted(limit: Int)
  /// The client's input ended and its requests were not all answered within
  /// ``ControlSocketLimits/idleTimeout`` after that.
  case unansweredAtEnd(Duration)

  /// The `code` of the error frame.
  var code: ControlErrorCode {
    switch self {
    case .tooManyConnections: .tooManyConnections
    case .noDescriptors: .noDescriptors
    case .repliesUnread: .repliesUnread
    case .unfinishedRequestsOverBudget: .requestsOverBudget
    case .badFrame: .badRequest
    case .handshakeTimeout: .handshakeTimeout
    case .idleTimeout, .unansweredAtEnd: .idleTimeout
    case .evicted: .evicted
    case .unauthorized: .unauthorized
    }
  }

  var description: String {
    switch self {
    case let .tooManyConnections(limit):
      "The coordinator already serves \(limit) control clients; close one, or raise the limit."
    case .noDescriptors:
      "The coordinator is short of file descriptors and keeps the rest for its workers; try again later."
    case let .repliesUnread(limit):
      "More than \(limit) bytes of replies went unread; read replies as you send requests."
    case let .unfinishedRequestsOverBudget(held, budget):
      "This client held \(held) bytes of unfinished requests when all clients together passed \(budget); send whole frames."
    case let .badFrame(reason):
      "\(reason); closing the connection."
    case let .handshakeTimeout(timeout):
      "Nothing arrived within \(timeout) of connecting; send a hello or a request as soon as you connect."
    case let .idleTimeout(timeout):
      "Nothing arrived for \(timeout) and nothing was subscribed; reconnect when you next need the coordinator."
    case .unauthorized:
      "This control listener takes a token: send a hello carrying it first (the CLI sends SWITCHYARD_CONTROL_TOKEN)."
    case let .evicted(limit):
      "All \(limit) control connections were taken and this one was the least active; reconnect, or close idle clients."
    case let .unansweredAtEnd(timeout):
      "Your requests were not all answered within \(timeout) of your end of input; before sending an action again, check whether it was reduced (switchyard history)."
    }
  }

  /// The error frame a client gets before the connection closes.
  var frame: [UInt8] {
    var bytes: [UInt8] = []
    ControlMessage.error(id: nil, code: code, message: description).appendFrame(to: &bytes)
    return bytes
  }
}
