import SwitchyardWire

/// What the control socket can ask of a coordinator, as closures, so the socket's code is not
/// generic over the reducer.
@MainActor
struct ControlEndpoints {
  var pid: Int32
  var status: @MainActor () -> StatusReport
  /// The whole state as JSON.
  var state: @MainActor () throws -> JSONValue
  /// Decodes and sends one action; throws an error whose description says what is wrong with it.
  var send: @MainActor (JSONValue) throws -> Void
  /// Calls its argument once the actions sent so far may be answered `sent` (with a sentence if
  /// they cannot): at once, or once the journal has them on disk.
  var acknowledge: @MainActor (@escaping @MainActor @Sendable (_ failure: String?) -> Void) -> Void
  /// Resizes pools; returns every pool's target size.
  var scale: @MainActor ([String: Int]) throws -> [String: Int]
}
