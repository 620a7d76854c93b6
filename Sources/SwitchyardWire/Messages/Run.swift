/// Coordinator → worker: start one job for an effect.
public struct Run: Equatable, Sendable, Codable {
  /// The effect this job runs for; every reply names it.
  public var effect: EffectID
  /// Which attempt of the effect this is; replies carrying an older generation are stale.
  public var generation: UInt32
  /// The job kind, such as `"search"`, which selects the handler in the worker.
  public var kind: String
  /// The job's input, in the shape the handler for ``kind`` expects.
  public var job: RawJSON
  /// Milliseconds the job may take from its start before the coordinator gives up on it; absent
  /// for no limit.
  public var deadlineMillis: Int64?
  /// 1 for the first attempt, counting up on each retry.
  public var attempt: Int
  /// How many of the effect's outputs earlier attempts delivered, so a job may resume after them
  /// (as Temporal's heartbeat details); absent for none.
  public var delivered: UInt64?
  /// The effect's affinity key (`RemoteJob.affinityKey`), for a transport that must bring jobs of
  /// one key to one worker, such as Redis streams with many workers behind a pool; absent for none.
  public var affinity: String?

  /// Creates a job request.
  public init(
    effect: EffectID,
    generation: UInt32,
    kind: String,
    job: RawJSON,
    deadlineMillis: Int64? = nil,
    attempt: Int = 1,
    delivered: UInt64? = nil,
    affinity: String? = nil
  ) {
    self.effect = effect
    self.generation = generation
    self.kind = kind
    self.job = job
    self.deadlineMillis = deadlineMillis
    self.attempt = attempt
    self.delivered = delivered
    self.affinity = affinity
  }
}
