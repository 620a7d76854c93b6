import SwitchyardWire

/// One attempt of a job as the coordinator sends it: the job's JSON as encoded once at admission,
/// and what the attempt adds to it. A `run` message, still unencoded.
package struct JobDispatch: Sendable, Equatable {
  /// The effect the attempt belongs to.
  package var effect: EffectID
  /// The attempt's generation: replies from any other are stale.
  package var generation: UInt32
  /// The job's kind.
  package var kind: String
  /// The job, one complete JSON value, spliced into the message as it is.
  package var job: [UInt8]
  /// Milliseconds the attempt may run, if bounded.
  package var deadlineMillis: Int64?
  /// Which attempt this is, from 1.
  package var attempt: Int
  /// Outputs an earlier attempt delivered, if any.
  package var delivered: UInt64?
  /// The job's affinity key, if any.
  package var affinity: String?

  /// Describes an attempt.
  package init(
    effect: EffectID, generation: UInt32, kind: String, job: [UInt8], deadlineMillis: Int64? = nil, attempt: Int = 1,
    delivered: UInt64? = nil, affinity: String? = nil
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

  /// Appends the attempt's `run` as one frame.
  package func appendFrame(to bytes: inout [UInt8]) {
    Run.appendFrame(
      effect: effect, generation: generation, kind: kind, job: job, deadlineMillis: deadlineMillis, attempt: attempt,
      delivered: delivered, affinity: affinity, to: &bytes
    )
  }

  /// Appends the attempt's `run` payload alone, for a transport with envelopes of its own.
  package func appendPayload(to bytes: inout [UInt8]) {
    Run.appendPayload(
      effect: effect, generation: generation, kind: kind, job: job, deadlineMillis: deadlineMillis, attempt: attempt,
      delivered: delivered, affinity: affinity, to: &bytes
    )
  }
}
