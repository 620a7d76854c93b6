import Foundation
import SwitchyardNet
import SwitchyardRuntime
import SwitchyardWire

/// Serves ``PageJob``s: `GET {baseURL}/items?page=N&per_page=M` with SwitchyardNet's
/// ``HTTPClient``, decoded as a ``CatalogPage``.
///
/// Not URLSession: on Linux it keeps about 200 bytes of every request for the life of the process
/// (issue 14), which a worker serving pages for days cannot afford.
///
/// Connection errors, timeouts and 5xx answers are retried on ``retry``'s schedule, up to
/// ``maxAttempts`` requests in all, then fail with ``JobFailure/Code/upstreamUnavailable``. A 4xx
/// answer, an answer that is not valid HTTP, or a body that is not a page fails at once with
/// ``JobFailure/Code/badResponse``, saying the status or what went wrong: asking again would get
/// the same answer.
///
/// Counters: `requests` (every request sent), `retries` (requests after the first of a job).
public struct PageHandler: JobHandler {
  /// When to try again.
  public let retry: RetrySchedule
  /// The most requests for one job, counting the first.
  public let maxAttempts: Int
  /// How long one request may take before it counts as failed and is retried.
  public let requestTimeout: Duration
  private let client: HTTPClient

  /// Creates a handler. The defaults keep the worst case, four timed-out requests and the waits
  /// between them (about 22 s), inside a ``PageJob``'s 30-second timeout.
  public init(
    retry: RetrySchedule = RetrySchedule(backoff: Backoff(initial: .milliseconds(200), maximum: .seconds(2), jitter: 0.2)),
    maxAttempts: Int = 4,
    requestTimeout: Duration = .seconds(5)
  ) {
    self.retry = retry
    self.maxAttempts = max(1, maxAttempts)
    self.requestTimeout = requestTimeout
    var configuration = HTTPClient.Configuration()
    configuration.connectTimeout = min(requestTimeout, configuration.connectTimeout)
    configuration.requestTimeout = requestTimeout
    self.client = HTTPClient(configuration: configuration)
  }

  /// Fetches the page and emits it once, or throws a ``JobFailure`` saying why it could not.
  public func run(_ job: PageJob, context: JobContext<CatalogPage>) async throws {
    let url = try Self.url(for: job)
    var attempt = 1
    while true {
      context.increment("requests")
      let failure: JobFailure
      switch try await fetch(url) {
      case .success(let page):
        await context.emit(page)
        return
      case .failure(let error):
        failure = error
      }
      guard failure.retryable else { throw failure }
      guard attempt < maxAttempts else {
        throw JobFailure(code: failure.code, message: "\(Self.sentence(failure.message)) Gave up after \(attempt) attempts.", retryable: true)
      }
      try await retry.wait(afterFailures: attempt)
      attempt += 1
      context.increment("retries")
    }
  }

  /// One request: the page, or a failure that says whether another attempt might succeed.
  /// Throws only `CancellationError`.
  private func fetch(_ url: URL) async throws -> Result<CatalogPage, JobFailure> {
    let response: HTTPClientResponse
    do {
      response = try await client.get(url, headers: ["Accept": "application/json"])
    } catch let error as HTTPClientError {
      try Task.checkCancellation()
      return .failure(Self.failure(of: url, error))
    }
    switch response.status {
    case 200..<300:
      do {
        return .success(try WireJSONDecoder().decode(CatalogPage.self, from: response.body))
      } catch {
        return .failure(JobFailure(
          code: .badResponse,
          message: "GET \(url) answered \(response.statusLine) with a body that is not a catalog page: \(WireJSONDecoder.describe(error))."))
      }
    case 500...:
      return .failure(JobFailure(code: .upstreamUnavailable, message: "GET \(url) answered \(response.statusLine).", retryable: true))
    default:
      let body = String(decoding: response.body.prefix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      return .failure(JobFailure(
        code: .badResponse,
        message: "GET \(url) answered \(response.statusLine)\(body.isEmpty ? "." : ": \(Self.sentence(body))")"))
    }
  }

  /// A request that got no usable answer: retryable if the upstream may answer next time, not if
  /// it broke HTTP itself (asking again would get the same answer) or the URL cannot be sent to.
  private static func failure(of url: URL, _ error: HTTPClientError) -> JobFailure {
    let message = "GET \(url) failed. \(error)"
    switch error {
    case .invalidURL, .unsupportedScheme, .invalidHeader:
      return JobFailure(code: .invalidURL, message: message)
    case .malformedResponse, .headTooLarge, .bodyTooLarge:
      return JobFailure(code: .badResponse, message: message)
    case .hostNotFound, .connectionRefused, .connectionFailed, .connectTimedOut, .timedOut, .connectionLost:
      return JobFailure(code: .upstreamUnavailable, message: message, retryable: true)
    }
  }

  /// `text` ending in a full stop, unless it already ends a sentence, so that sentences composed
  /// from a server's words and ours read right ("running? Gave up", not "running?. Gave up").
  static func sentence(_ text: String) -> String {
    guard let last = text.last, !".?!".contains(last) else { return text }
    return text + "."
  }

  /// `{baseURL}/items?page=N&per_page=M`, keeping any path the base URL has.
  static func url(for job: PageJob) throws(JobFailure) -> URL {
    guard var components = URLComponents(string: job.baseURL), let scheme = components.scheme?.lowercased(),
          scheme == "http", components.host?.isEmpty == false else {
      throw JobFailure(
        code: .invalidURL,
        message: "The catalog's base URL '\(job.baseURL)' is not an http:// URL (https is not supported); it looks like http://127.0.0.1:8080.")
    }
    let path = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
    components.path = path + "/items"
    components.queryItems = [URLQueryItem(name: "page", value: String(job.page)), URLQueryItem(name: "per_page", value: String(job.perPage))]
    guard let url = components.url else {
      throw JobFailure(code: .invalidURL, message: "The catalog's base URL '\(job.baseURL)' cannot take a path and query.")
    }
    return url
  }
}
