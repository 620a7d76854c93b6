import SwitchyardWire

/// What the control socket can ask of a coordinator, as closures, so the socket's code is not
/// generic over the reducer.
@MainActor
struct ControlEndpoints {
  var pid: Int32
  var status: @MainActor () -> StatusReport
  /// The whole state, encoded once and parsed once, for slices to be taken from.
  var state: @MainActor () throws -> RawJSON
  /// Decodes one action from the frame it arrived in and sends it, returning the journal sequence
  /// number it was given, if journaled; throws an error whose description says what is wrong with it.
  var send: @MainActor (RawJSON) throws -> UInt64?
  /// Calls its argument once the actions sent so far may be answered `sent` (with a sentence if
  /// they cannot): at once, or once the journal has them on disk.
  var acknowledge: @MainActor (@escaping @MainActor @Sendable (_ failure: String?) -> Void) -> Void
  /// Resizes pools; returns every pool's target size.
  var scale: @MainActor ([String: Int]) throws -> [String: Int]
}
