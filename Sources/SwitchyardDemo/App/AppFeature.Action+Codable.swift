import ComposableArchitecture

/// The application's actions are coded as `{"sessionOpened": {"id": "1"}}` and
/// `{"sessions": {"element": {"id": "1", "action": …}}}`: a session's action sits directly under
/// `sessions`, without the `_0` level synthesised coding would add, since people type these for
/// `switchyard send`.
extension AppFeature.Action {
  private struct SessionName: Codable {
    var id: String
  }

  /// The payload of ``AppFeature/Action/started(firstSessionID:)``.
  private struct FirstSession: Codable {
    var firstSessionID: String
  }

  /// The payload of a case without values, `{}`.
  private struct NoValues: Codable {}

  /// Decodes `{"sessionOpened" | "sessionClosed": {"id": …}}`, `{"sessions": <identified action>}`,
  /// `{"started": {"firstSessionID": …}}`, or `{"stopping" | "idleChecksStarted" | "idleCheck": {}}`.
  public init(from decoder: any Decoder) throws {
    let (name, container) = try CaseCodingKey.single(
      in: decoder, of: ["sessionOpened", "sessionClosed", "sessions", "started", "stopping", "idleChecksStarted", "idleCheck"]
    )
    let key = CaseCodingKey(name)
    switch name {
    case "sessionOpened": self = .sessionOpened(id: try container.decode(SessionName.self, forKey: key).id)
    case "sessionClosed": self = .sessionClosed(id: try container.decode(SessionName.self, forKey: key).id)
    case "started": self = .started(firstSessionID: try container.decode(FirstSession.self, forKey: key).firstSessionID)
    case "stopping":
      _ = try container.decode(NoValues.self, forKey: key)
      self = .stopping
    case "idleChecksStarted":
      _ = try container.decode(NoValues.self, forKey: key)
      self = .idleChecksStarted
    case "idleCheck":
      _ = try container.decode(NoValues.self, forKey: key)
      self = .idleCheck
    default: self = .sessions(try container.decode(IdentifiedActionOf<SessionFeature>.self, forKey: key))
    }
  }

  /// Encodes the action in the shape ``init(from:)`` reads.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CaseCodingKey.self)
    switch self {
    case let .sessionOpened(id): try container.encode(SessionName(id: id), forKey: CaseCodingKey("sessionOpened"))
    case let .sessionClosed(id): try container.encode(SessionName(id: id), forKey: CaseCodingKey("sessionClosed"))
    case let .sessions(action): try container.encode(action, forKey: CaseCodingKey("sessions"))
    case let .started(id): try container.encode(FirstSession(firstSessionID: id), forKey: CaseCodingKey("started"))
    case .stopping: try container.encode(NoValues(), forKey: CaseCodingKey("stopping"))
    case .idleChecksStarted: try container.encode(NoValues(), forKey: CaseCodingKey("idleChecksStarted"))
    case .idleCheck: try container.encode(NoValues(), forKey: CaseCodingKey("idleCheck"))
    }
  }
}
