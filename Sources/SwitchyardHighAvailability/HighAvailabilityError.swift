/// What keeps a coordinator started with `--ha` from standing by or leading.
public enum HighAvailabilityError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The shared journal has records but no snapshot to start a copy from.
  case noSharedSnapshot

  public var description: String {
    switch self {
    case .noSharedSnapshot:
      "The shared journal in Redis keeps no snapshot yet, so a standby cannot copy it; it waits for the leader's first snapshot."
    }
  }
}
