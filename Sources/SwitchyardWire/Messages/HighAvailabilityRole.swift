/// Whether a coordinator started with `--ha` leads or stands by, as `status` shows it.
public enum HighAvailabilityRole: String, Sendable, Codable, Equatable {
  /// It holds the lease: it serves, runs effects and writes the shared journal.
  case leader
  /// It copies the shared journal and takes over when the leader's lease runs out.
  case standby
}
