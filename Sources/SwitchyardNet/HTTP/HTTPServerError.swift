/// Why an ``HTTPServer`` could not start.
public enum HTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Binding or listening on 127.0.0.1:`port` failed, most often because the port is taken.
  case cannotListen(port: UInt16, reason: String)

  /// What happened, in a sentence that says what to check or change.
  public var description: String {
    switch self {
    case .cannotListen(let port, let reason):
      return "Cannot listen on 127.0.0.1:\(port) (\(reason)); choose another port, or 0 for any free one."
    }
  }
}
