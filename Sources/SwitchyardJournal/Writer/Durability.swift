/// When an appended record is on disk, which decides what a crash can lose.
public enum Durability: Sendable, Equatable {
  /// A record is durable only once it is fsynced; appenders waiting together share one fsync
  /// (group commit). A crash loses nothing that was reported durable.
  case always
  /// Records are written and fsynced together at most `maxDelay` after the first of them was
  /// appended: a crash of the process or the machine loses at most that long of appends (plus the
  /// one fsync under way).
  case batch(maxDelay: Duration)
  /// Records are written to the operating system at most `maxDelay` after they were appended and
  /// never fsynced: a crash of the process loses at most that long of appends, one of the machine
  /// whatever the kernel had not yet written.
  case off(maxDelay: Duration)

  /// `batch` with 10 ms at risk: the default, which keeps appends off the disk's latency.
  public static let `default` = Durability.batch(maxDelay: .milliseconds(10))
}
