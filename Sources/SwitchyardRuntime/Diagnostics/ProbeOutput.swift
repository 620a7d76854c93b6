/// One output of a ``ProbeJob``.
public struct ProbeOutput: Codable, Equatable, Sendable {
  /// The job's tag.
  public var tag: String
  /// The output's position, from 0.
  public var index: Int
  /// The attempt that produced it, from 1.
  public var attempt: Int
  /// Filler of the requested size.
  public var payload: String

  /// Creates an output.
  public init(tag: String, index: Int, attempt: Int, payload: String = "") {
    self.tag = tag
    self.index = index
    self.attempt = attempt
    self.payload = payload
  }
}
