extension ControlErrorCode {
  /// The coordinator stands by (`start --ha`): it serves status and state read-only, and the
  /// message names the leader, whose run directory takes sends and scaling.
  public static let notLeader = ControlErrorCode(rawValue: "notLeader")
}

extension ControlErrorCode {
  /// A client of a TCP control listener that takes a token (`start --control-listen` with
  /// `--control-token`) sent something before a `hello` carrying it.
  public static let unauthorized = ControlErrorCode(rawValue: "unauthorized")
}
