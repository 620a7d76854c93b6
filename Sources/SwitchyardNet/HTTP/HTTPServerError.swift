/// Why an ``HTTPServer`` could not start.
public enum HTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Binding or listening on `port` failed, most often because the port is taken or the
  /// configured host is not an address of this machine.
  case cannotListen(port: UInt16, reason: String)

  /// What happened, in a sentence that says what to check or change.
  public var description: String {
    switch self {
    case .cannotListen(let port, let reason):
      return "Cannot listen on port \(port) (\(reason)); choose another port, or 0 for any free one, and an IP address of this machine."
    }
  }
}
