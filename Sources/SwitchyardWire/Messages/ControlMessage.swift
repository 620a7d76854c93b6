/// A message between a control client (the `switchyard` command, a dashboard) and the
/// coordinator, over the control socket.
///
/// Every request carries an `id` the client chooses; the coordinator's replies, and every
/// ``stateChanged(id:path:value:)`` of a subscription, echo it. Any request may instead be
/// answered by ``error(id:code:message:)``.
public enum ControlMessage: Equatable, Sendable {
  /// Both ways, first on the channel: the client greets, the coordinator answers.
  case hello(Hello)
  /// Request: the coordinator's, pools' and workers' status.
  case status(id: UInt64)
  /// Reply to ``status(id:)``.
  case statusReport(id: UInt64, report: StatusReport)
  /// Request: the state at a dotted path such as `"sessions.0.search"`; `""` is the whole state.
  case state(id: UInt64, path: String)
  /// Reply to ``state(id:path:)``.
  case stateSlice(id: UInt64, path: String, value: JSONValue)
  /// Request: the slice at a path now and after every change; answered by a stream of
  /// ``stateChanged(id:path:value:)``, the first holding the current value.
  case subscribe(id: UInt64, path: String)
  /// Pushed for a subscription whenever its slice changes; equal consecutive values are not sent.
  case stateChanged(id: UInt64, path: String, value: JSONValue)
  /// Request: end the subscription whose request had this id.
  case unsubscribe(id: UInt64)
  /// Reply to ``unsubscribe(id:)``: no ``stateChanged(id:path:value:)`` with this id follows.
  case unsubscribed(id: UInt64)
  /// Request: send one action, as JSON, to the store.
  case send(id: UInt64, action: JSONValue)
  /// Reply to ``send(id:action:)``: the store accepted the action, which the journal numbered
  /// `sequence` (`nil` without a journal).
  case sent(id: UInt64, sequence: UInt64? = nil)
  /// Request: resize worker pools, job kind → number of workers.
  case scale(id: UInt64, pools: [String: Int])
  /// Reply to ``scale(id:pools:)``: the sizes the pools now target.
  case scaled(id: UInt64, pools: [String: Int])
  /// Reply to any request that failed; `id` is absent when the request's own id was unreadable.
  case error(id: UInt64?, code: ControlErrorCode, message: String)

  /// The message's `"type"` on the wire, such as `"statusReport"`.
  public var typeName: String {
    switch self {
    case .hello: return "hello"
    case .status: return "status"
    case .statusReport: return "statusReport"
    case .state: return "state"
    case .stateSlice: return "stateSlice"
    case .subscribe: return "subscribe"
    case .stateChanged: return "stateChanged"
    case .unsubscribe: return "unsubscribe"
    case .unsubscribed: return "unsubscribed"
    case .send: return "send"
    case .sent: return "sent"
    case .scale: return "scale"
    case .scaled: return "scaled"
    case .error: return "error"
    }
  }

  /// The request id this message carries or answers; `nil` for `hello` and id-less errors.
  public var id: UInt64? {
    switch self {
    case .hello: return nil
    case let .status(id), let .statusReport(id, _), let .state(id, _), let .stateSlice(id, _, _),
      let .subscribe(id, _), let .stateChanged(id, _, _), let .unsubscribe(id), let .unsubscribed(id),
      let .send(id, _), let .sent(id, _), let .scale(id, _), let .scaled(id, _):
      return id
    case let .error(id, _, _): return id
    }
  }

  /// Decodes one frame's payload.
  public init(payload: some Collection<UInt8>) throws(WireError) {
    self = try MessageCoding.decode(ControlMessage.self, from: MessageCoding.parse(payload))
  }

  /// The JSON payload of this message, without a frame header.
  public func encodedPayload() -> [UInt8] {
    MessageCoding.encodedPayload(self)
  }

  /// Appends this message as a whole frame, header and payload, so several can share one write.
  public func appendFrame(to buffer: inout [UInt8]) {
    MessageCoding.appendFrame(self, to: &buffer)
  }

  /// Appends this message as a whole frame unless its payload is empty or over `maxFrameLength`,
  /// which the receiver would refuse by closing the channel; `buffer` is then left as it was.
  ///
  /// Use it for messages carrying outside data (an `emit`'s output, a state slice), so that an
  /// oversized one fails alone instead of breaking the channel.
  public func appendFrame(to buffer: inout [UInt8], maxFrameLength: Int) throws(FrameError) {
    try MessageCoding.appendFrame(self, to: &buffer, maxFrameLength: maxFrameLength)
  }
}
