import Foundation

/// Sends HTTP/1.1 requests to `http://` servers and reads their answers in full, keeping a few
/// idle connections per host open for the next request.
///
/// It exists because URLSession on Linux keeps about 200 bytes of every request for as long as
/// the process lives, and ignores a request's own timeout. There is no TLS: `https://` fails
/// with ``HTTPClientError/unsupportedScheme(_:)``.
///
/// ```swift
/// let client = HTTPClient()
/// let response = try await client.get(URL(string: "http://127.0.0.1:8080/items?page=1")!)
/// print(response.statusLine, response.body.count)
/// ```
///
/// Concurrency design: each request does blocking socket IO on a thread of its own, so it never
/// blocks Swift's cooperative threads, and waits are bounded by the request's deadline through
/// `poll`. Cancelling the calling task shuts the socket, which wakes that thread, and the call
/// throws `CancellationError` at once. A connection serves one request at a time; a kept-alive
/// one that the server closed while idle is detected, and an idempotent request that got not a
/// byte back on it is sent once more on a fresh connection.
public final class HTTPClient: Sendable {
  /// Timeouts, limits and pooling; the defaults suit a service on the same machine or network.
  public struct Configuration: Sendable {
    /// How long setting up a TCP connection may take.
    public var connectTimeout: Duration = .seconds(5)
    /// How long a whole request may take, connecting and reading the full answer included.
    public var requestTimeout: Duration = .seconds(30)
    /// The largest status line and headers accepted, in bytes.
    public var maxHeadBytes = 32_768
    /// The most header fields accepted in an answer.
    public var maxHeaderCount = 100
    /// The largest body accepted, in bytes.
    public var maxBodyBytes = 16 << 20
    /// How many idle connections to keep per host and port; 0 closes each after its answer.
    public var maxIdleConnectionsPerHost = 4
    /// How long an idle connection is kept; below common server idle timeouts (often 5–60 s).
    public var idleTimeout: Duration = .seconds(4)

    /// The defaults.
    public init() {}
  }

  /// How the client was made.
  public let configuration: Configuration
  let pool: HTTPConnectionPool

  /// A client with its own pool of connections.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    pool = HTTPConnectionPool(maxIdlePerHost: configuration.maxIdleConnectionsPerHost, idleTimeout: configuration.idleTimeout)
  }

  /// Sends `GET url` and returns the answer, whatever its status.
  ///
  /// - Throws: an ``HTTPClientError`` saying what failed, or `CancellationError`.
  public func get(_ url: URL, headers: HTTPHeaders = [:]) async throws -> HTTPClientResponse {
    try await execute(HTTPClientRequest(method: .get, url: url, headers: headers))
  }

  /// Sends `request` and returns the answer, whatever its status; only the absence of a
  /// complete, well-formed answer throws.
  ///
  /// - Throws: an ``HTTPClientError`` saying what failed, or `CancellationError`.
  public func execute(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
    let endpoint = try HTTPEndpoint(request.url)
    let bytes = try request.serialized(for: endpoint)
    let exchange = HTTPExchange()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPClientResponse, any Error>) in
        guard exchange.begin(continuation) else { return }
        Thread.detachNewThread { [self] in
          exchange.finish(Result { try perform(request, bytes: bytes, to: endpoint, exchange: exchange) })
        }
      }
    } onCancel: {
      exchange.cancel()
    }
  }
}
