/// What happened to a remote job, as delivered to the reducer.
///
/// A job delivers any number of ``output(_:)`` events and then exactly one of ``finished`` or
/// ``failed(_:)`` — unless it is cancelled, after which the reducer hears nothing more from it.
public enum JobEvent<Output: Sendable>: Sendable {
  /// The job produced a value; it may produce more.
  case output(Output)
  /// The job completed.
  case finished
  /// The job failed and will not produce anything more.
  case failed(JobFailure)
}

extension JobEvent: Equatable where Output: Equatable {}
extension JobEvent: Decodable where Output: Decodable {}
