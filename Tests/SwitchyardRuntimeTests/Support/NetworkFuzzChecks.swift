/// What each fuzzing connection to a TCP listener must have been answered: the properties that
/// hold whatever it sent, and for the parts of it left well-formed, the very statuses or replies.
enum NetworkFuzzChecks {
  /// An HTTP connection of the inspector or metrics: every answer a well-formed response of a
  /// known status, each well-formed request answered as its route and token say, and no answer
  /// past the token check to a request that did not carry the token.
  static func http(_ exchange: RawExchange, _ connection: HTTPFuzzConnection, _ listener: HTTPFuzzListener) -> (found: [String], replies: [String]) {
    guard connection.ending == .shutWriting || connection.ending == .keepOpen else { return ([], []) }
    var found = exchange.failure.map { [$0] } ?? []
    var heads = Set(connection.known.indices.filter { connection.known[$0].isHead })
    if connection.mutatedIsHead { heads.insert(connection.known.count) }
    let reader = HTTPResponseReader(exchange.received, heads: heads)
    if let failure = reader.failure { found.append(failure) }
    let carried = [listener.token] + (connection.tokenSpelling.map { [$0] } ?? [])
    let sentToken = carried.contains { connection.bytes.contains(Array($0.utf8)) }
    for (index, response) in reader.responses.enumerated() {
      let status = response.status
      if !HTTPFuzzListener.knownStatuses.contains(status) { found.append("status \(status): \(String(decoding: response.body.prefix(200), as: UTF8.self))") }
      if index < connection.known.count {
        let known = connection.known[index]
        if !known.expected.contains(status) {
          found.append("\(status) where \(known.expected.sorted()) was due, for \(known.description.debugDescription)")
        }
      } else if listener.servedStatuses.contains(status), !sentToken {
        found.append("served (\(status)) a request that did not carry the token")
      }
    }
    // Every well-formed request is answered, up to a response that closed the connection.
    let closedAt = reader.responses.firstIndex { $0.header("Connection")?.lowercased() == "close" }
    let due = min(connection.known.count, closedAt.map { $0 + 1 } ?? .max)
    if reader.failure == nil, reader.responses.count < due {
      found.append("\(reader.responses.count) answers to \(connection.known.count) well-formed requests")
    }
    return (found, reader.responses.map { "\(listener.name) \($0.status)" })
  }

  /// An inspector WebSocket connection: its handshake answered as its token and headers say, and
  /// once upgraded, every frame well-formed, ending in the close its own ending calls for.
  static func webSocket(_ exchange: RawExchange, _ connection: WebSocketFuzzConnection, _ listener: HTTPFuzzListener) -> (found: [String], replies: [String]) {
    guard connection.ending == .shutWriting else { return ([], []) }
    var found = exchange.failure.map { [$0] } ?? []
    let reader = HTTPResponseReader(exchange.received, heads: connection.isHead ? [0] : [])
    guard let first = reader.responses.first else {
      return (found + [reader.failure ?? "no answer to the handshake"], [])
    }
    if first.status != 101, let failure = reader.failure { found.append(failure) }
    var replies = ["upgrade \(first.status)"]
    if !connection.carriesToken {
      if first.status != 401 { found.append("\(first.status) to an upgrade without the token") }
      for response in reader.responses.dropFirst() where listener.servedStatuses.contains(response.status) {
        found.append("served (\(response.status)) what followed an upgrade without the token")
      }
    } else if let refused = connection.refusedWith {
      if !refused.contains(first.status) { found.append("\(first.status) to a broken upgrade, where \(refused.sorted()) was due") }
    } else if first.status != 101 {
      found.append("\(first.status) to a valid upgrade")
    } else {
      let frames = WebSocketServerFrames(reader.afterUpgrade)
      found += frames.problems
      replies += frames.messageTypes.map { "ws " + $0 }
      replies.append(frames.sawClose ? "ws close \(frames.closeCode.map(String.init) ?? "empty")" : "ws no close")
      switch connection.expectedClose {
      case let .code(codes) where !frames.sawClose || !codes.contains(frames.closeCode ?? 0):
        found.append("closed with \(frames.sawClose ? "\(frames.closeCode.map(String.init) ?? "no code")" : "no close frame"), where \(codes.sorted()) was due")
      case .empty where !frames.sawClose || frames.closeCode != nil:
        found.append("no empty close to echo the client's")
      default:
        break
      }
    }
    return (found, replies)
  }

  /// Codes with which a TCP control client that never said hello with the token may be sent away.
  static let refusalCodes: Set<String> = ["unauthorized", "badRequest", "handshakeTimeout", "evicted", "tooManyConnections", "noDescriptors"]

  /// A TCP control connection without the token: sent away with one `error` without an id, never served.
  static func refusedControl(_ exchange: FuzzExchange, abandoned: Bool) -> (found: [String], replies: [String]) {
    var (found, replies, answered, _) = FuzzTally.read(exchange)
    if !answered.isEmpty { found.append("requests \(answered.sorted()) answered without the token") }
    for kind in replies where !kind.hasPrefix("error ") || !refusalCodes.contains(String(kind.dropFirst("error ".count))) {
      found.append("'\(kind)' sent to a client without the token")
    }
    if !abandoned, replies.isEmpty { found.append("sent away without an error saying why") }
    if replies.count > 1 { found.append("\(replies.count) replies to a client without the token: \(replies)") }
    return (found, replies.map { "refused " + $0 })
  }
}
