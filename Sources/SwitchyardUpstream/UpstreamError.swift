/// The body of every error the upstream answers itself: `{"error":"…"}`, a sentence saying what to
/// change.
public struct UpstreamError: Codable, Equatable, Sendable {
  /// What was wrong with the request.
  public var error: String

  /// Creates an error body.
  public init(error: String) {
    self.error = error
  }
}
