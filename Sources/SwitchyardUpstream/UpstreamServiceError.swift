import SwitchyardNet

/// Why an ``UpstreamService`` could not start.
public enum UpstreamServiceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A setting is out of range; the text names it and the range.
  case invalidConfiguration(String)
  /// The port could not be bound.
  case cannotListen(HTTPServerError)

  /// What happened, in a sentence that says what to change.
  public var description: String {
    switch self {
    case .invalidConfiguration(let problem): return "The upstream's configuration is invalid: \(problem)."
    case .cannotListen(let error): return error.description
    }
  }
}
