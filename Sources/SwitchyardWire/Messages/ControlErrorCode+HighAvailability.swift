extension ControlErrorCode {
  /// The coordinator stands by (`start --ha`): it serves status and state read-only, and the
  /// message names the leader, whose run directory takes sends and scaling.
  public static let notLeader = ControlErrorCode(rawValue: "notLeader")
}
