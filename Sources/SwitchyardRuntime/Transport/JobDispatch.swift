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

  /// Appends the attempt's `run` as one frame.
  package func appendFrame(to bytes: inout [UInt8]) {
    Run.appendFrame(
      effect: effect, generation: generation, kind: kind, job: job, deadlineMillis: deadlineMillis, attempt: attempt,
      delivered: delivered, affinity: affinity, to: &bytes
    )
  }

  /// Appends the attempt's `run` payload alone, for a transport with envelopes of its own: its
  /// frame, less the header, moved in place.
  package func appendPayload(to bytes: inout [UInt8]) {
    let start = bytes.count
    appendFrame(to: &bytes)
    bytes.removeSubrange(start..<(start + Frame.headerLength))
  }
}
