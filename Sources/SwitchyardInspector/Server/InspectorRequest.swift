import SwitchyardWire

/// What a page asks of the inspector over its WebSocket, as JSON `{"id":7,"type":"state",…}`.
enum InspectorRequest: Equatable {
  /// The state now, or at a past sequence number from history.
  case state(sequence: UInt64?)
  /// The changes between the states at two sequence numbers.
  case diff(from: UInt64, to: UInt64)
  /// The changes the action numbered `sequence` caused.
  case actionDiff(sequence: UInt64)
  /// The sequence numbers history holds.
  case history
  /// An action to send, as the text typed in the page.
  case send(text: String)
  /// A pool's new size.
  case scale(pool: String, size: Int)
  /// The latest effects and failed effects.
  case effects
  /// One effect's life.
  case effect(id: UInt64)
  /// The state the actions from `sequence` through `through` would leave with action `sequence`
  /// replaced by `text`, or left out when `text` is `nil`, against the state they did leave;
  /// `seen` are the actions the page holds, which may reach further back than the server's.
  case whatIf(sequence: UInt64, text: String?, through: UInt64?, seen: [ActionEntry]?)

  /// Reads a request; the id is returned even when the rest is wrong, so the error can answer it.
  static func parse(_ text: String) -> (id: Int64?, request: Result<InspectorRequest, InspectorRequestError>) {
    let json: JSONValue
    do {
      json = try WireJSONDecoder().parse(Array(text.utf8))
    } catch {
      return (nil, .failure(.notJSON(error)))
    }
    guard case let .object(fields) = json else { return (nil, .failure(.notAnObject)) }
    let id = fields["id"]?.int64Value
    guard let type = fields["type"]?.stringValue else { return (id, .failure(.missing("type"))) }
    func number(_ name: String) -> Result<UInt64, InspectorRequestError> {
      guard let value = fields[name]?.int64Value, value >= 0 else { return .failure(.missing(name)) }
      return .success(UInt64(value))
    }
    switch type {
    case "state":
      guard let value = fields["sequence"], !value.isNull else { return (id, .success(.state(sequence: nil))) }
      return (id, number("sequence").map { .state(sequence: $0) })
    case "diff":
      return (id, number("from").flatMap { from in number("to").map { .diff(from: from, to: $0) } })
    case "actionDiff":
      return (id, number("sequence").map { .actionDiff(sequence: $0) })
    case "history":
      return (id, .success(.history))
    case "send":
      guard let text = fields["text"]?.stringValue else { return (id, .failure(.missing("text"))) }
      return (id, .success(.send(text: text)))
    case "scale":
      guard let pool = fields["pool"]?.stringValue else { return (id, .failure(.missing("pool"))) }
      guard let size = fields["size"]?.int64Value, let bounded = Int(exactly: size) else { return (id, .failure(.missing("size"))) }
      return (id, .success(.scale(pool: pool, size: bounded)))
    case "effects":
      return (id, .success(.effects))
    case "effect":
      return (id, number("effect").map { .effect(id: $0) })
    case "whatIf":
      let text = fields["text"]?.stringValue
      let through = fields["through"].flatMap { $0.isNull ? nil : $0.int64Value }.map { UInt64(max(0, $0)) }
      let seen = fields["seen"]?.arrayValue?.compactMap { entry -> ActionEntry? in
        guard let sequence = entry[dottedPath: "sequence"]?.int64Value, sequence >= 0, let action = entry[dottedPath: "action"] else { return nil }
        return ActionEntry(sequence: UInt64(sequence), action: action)
      }
      return (id, number("sequence").map { .whatIf(sequence: $0, text: text, through: through, seen: seen) })
    default:
      return (id, .failure(.unknownType(type)))
    }
  }
}

/// Why a page's request could not be read.
enum InspectorRequestError: Error, Equatable, CustomStringConvertible {
  /// The text does not parse as JSON: too deep, malformed, or not UTF-8.
  case notJSON(JSONError)
  case notAnObject
  case missing(String)
  case unknownType(String)

  var description: String {
    switch self {
    case let .notJSON(error):
      return "A request must be JSON: \(error)"
    case .notAnObject:
      return "A request must be a JSON object such as {\"id\":1,\"type\":\"history\"}."
    case let .missing(field):
      return "The request lacks '\(field)', or it has the wrong type."
    case let .unknownType(type):
      return "'\(type)' is not a request; the requests are state, diff, actionDiff, history, send, scale, effects, effect and whatIf."
    }
  }
}
