/// Why a coordinator refused a client's action before reducing it: the control socket answers it
/// with the error code `journalFailed`, and the state is unchanged.
public enum ActionRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// The action log cannot record the action now (``ActionLog/refusal``): reducing it would make
  /// the state hold what a restart would not.
  case journalUnavailable(String)

  public var description: String {
    switch self {
    case let .journalUnavailable(reason): reason
    }
  }
}
