/// How a remote worker proves it is alive: it sets its heartbeat key (``StreamLayout/heartbeat(_:worker:)``)
/// every ``interval``, and the key expires after ``timeout``.
///
/// The key, not the consumer's idle time in the group, is what counts: handing a worker a job
/// (`XCLAIM`) resets its idle time whether it is alive or not.
public enum WorkerLiveness {
  /// How often a worker sets its heartbeat key.
  public static let interval = Duration.seconds(1)
  /// How long a worker's heartbeat key outlives its last beat: silent this long, it is dead.
  /// The pools' default heartbeat timeout, as for the coordinator's own worker processes.
  public static let timeout = Duration.seconds(5)
}
