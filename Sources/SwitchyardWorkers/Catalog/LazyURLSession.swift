import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// A URLSession made on first use. Every worker process builds the executable's whole list of
/// handlers, whatever its kind, and only pagination workers should pay for libcurl's setup.
final class LazyURLSession: Sendable {
  private let requestTimeout: Duration
  private let made = Mutex<URLSession?>(nil)

  /// A session whose requests give up after `requestTimeout`, once made.
  init(requestTimeout: Duration) {
    self.requestTimeout = requestTimeout
  }

  /// Sends `request` and waits for the whole answer, as `URLSession.data(for:)` does.
  func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    try await session.data(for: request)
  }

  /// The session, made now if this is the first request.
  private var session: URLSession {
    made.withLock { made in
      if let made { return made }
      // Ephemeral: a page is never cached, so a refresh sees the upstream's current answer. On
      // Linux only the configuration's timeout is honoured, not the request's.
      let configuration = URLSessionConfiguration.ephemeral
      configuration.timeoutIntervalForRequest = requestTimeout.seconds
      let session = URLSession(configuration: configuration)
      made = session
      return session
    }
  }
}
