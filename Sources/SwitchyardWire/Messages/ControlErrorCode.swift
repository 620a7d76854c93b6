/// What an `error` reply of the control socket means, for a client to match: typed, and open to
/// codes a newer coordinator adds (a client keeps any code it does not know as its raw text).
///
/// Match against the constants, never against strings:
///
/// ```swift
/// if case let .error(_, code, _) = reply, code == .shuttingDown { … }
/// ```
public struct ControlErrorCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The code as the wire spells it.
  public let rawValue: String

  /// The code spelled `rawValue`, known or not.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public var description: String { rawValue }

  /// The request could not be read, or is a reply sent as a request.
  public static let badRequest = ControlErrorCode(rawValue: "badRequest")
  /// The action's JSON is not an action of the application.
  public static let invalidAction = ControlErrorCode(rawValue: "invalidAction")
  /// The application does not take that action from clients; nothing was reduced.
  public static let actionRefused = ControlErrorCode(rawValue: "actionRefused")
  /// The journal cannot record the action now; it was not reduced.
  public static let journalFailed = ControlErrorCode(rawValue: "journalFailed")
  /// The coordinator is shutting down and takes no more actions.
  public static let shuttingDown = ControlErrorCode(rawValue: "shuttingDown")
  /// The client speaks a protocol version the coordinator does not.
  public static let versionMismatch = ControlErrorCode(rawValue: "versionMismatch")
  /// The state has nothing at the path asked for.
  public static let unknownPath = ControlErrorCode(rawValue: "unknownPath")
  /// No pool runs that kind.
  public static let unknownPool = ControlErrorCode(rawValue: "unknownPool")
  /// No subscription has that id.
  public static let notSubscribed = ControlErrorCode(rawValue: "notSubscribed")
  /// The coordinator failed to answer; the message says why.
  public static let `internal` = ControlErrorCode(rawValue: "internal")
  /// The coordinator serves as many clients as it may.
  public static let tooManyConnections = ControlErrorCode(rawValue: "tooManyConnections")
  /// The coordinator keeps its remaining descriptors for its workers.
  public static let noDescriptors = ControlErrorCode(rawValue: "noDescriptors")
  /// The client left more replies unread than it may.
  public static let repliesUnread = ControlErrorCode(rawValue: "repliesUnread")
  /// Unfinished requests of all clients passed their budget, this client's the most.
  public static let requestsOverBudget = ControlErrorCode(rawValue: "requestsOverBudget")
  /// The client sent nothing soon enough after connecting.
  public static let handshakeTimeout = ControlErrorCode(rawValue: "handshakeTimeout")
  /// The client, subscribed to nothing, sent nothing for too long.
  public static let idleTimeout = ControlErrorCode(rawValue: "idleTimeout")
  /// The client made room for a new one at the connection cap.
  public static let evicted = ControlErrorCode(rawValue: "evicted")
  /// The reply would be larger than a frame the client may be sent; ask for a narrower path.
  public static let tooLarge = ControlErrorCode(rawValue: "tooLarge")
  /// The client holds as many subscriptions as it may; unsubscribe one first.
  public static let tooManySubscriptions = ControlErrorCode(rawValue: "tooManySubscriptions")
  /// The client already subscribes to that path, under the id the message names.
  public static let alreadySubscribed = ControlErrorCode(rawValue: "alreadySubscribed")
}
