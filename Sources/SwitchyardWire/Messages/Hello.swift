/// The first message on every channel, sent by both sides: who is speaking which version.
///
/// A worker sends its `hello` first and the coordinator answers with its own; a control client
/// sends first and the coordinator answers. A side that finds ``ProtocolVersion/isCompatible(_:)``
/// false refuses the peer with ``WireError/versionMismatch(local:remote:)``.
public struct Hello: Equatable, Sendable, Codable {
  /// The sender's ``ProtocolVersion``.
  public var version: String
  /// `"worker"`, `"coordinator"` or `"client"`.
  public var role: String
  /// The job kind a worker serves, such as `"search"`; absent for other roles.
  public var kind: String?
  /// The sender's process id, for logs and signals.
  public var pid: Int32
  /// Optional features the sender supports, such as `"cancel"` or `"heartbeat"`.
  public var capabilities: [String]
  /// The secret a control client sends to a TCP control listener that takes one
  /// (`start --control-token`); absent otherwise.
  public var token: String?

  /// Creates a greeting; the version defaults to the one this build speaks.
  public init(
    version: String = ProtocolVersion.current,
    role: String,
    kind: String? = nil,
    pid: Int32,
    capabilities: [String] = [],
    token: String? = nil
  ) {
    self.version = version
    self.role = role
    self.kind = kind
    self.pid = pid
    self.capabilities = capabilities
    self.token = token
  }
}
