import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private enum URLSessionKey: DependencyKey {
  static let liveValue = URLSession.shared

  /// A session whose every request fails, so a test cannot reach the network without saying what
  /// it answers; reading it is reported where the test reads it, since requests fail on the
  /// session's own threads, outside the test.
  static var testValue: URLSession {
    if !DependencyValues.isPreparing { reportIssue(#"Unimplemented: @Dependency(\.urlSession)"#) }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [UnimplementedURLProtocol.self]
    return URLSession(configuration: configuration)
  }
}

extension DependencyValues {
  /// The URL session effects make requests with: `URLSession.shared`, live.
  public var urlSession: URLSession {
    get { self[URLSessionKey.self] }
    set { self[URLSessionKey.self] = newValue }
  }
}

/// Fails every request of the test value of `\.urlSession`.
private final class UnimplementedURLProtocol: URLProtocol {
  /// The error a request to the unimplemented session fails with.
  struct Unimplemented: Error {}

  override class func canInit(with request: URLRequest) -> Bool {
    true
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest {
    request
  }

  override func startLoading() {
    client?.urlProtocol(self, didFailWithError: Unimplemented())
  }

  override func stopLoading() {}
}
