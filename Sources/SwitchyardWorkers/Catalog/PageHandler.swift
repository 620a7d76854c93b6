import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwitchyardRuntime
import SwitchyardWire

/// Serves ``PageJob``s: `GET {baseURL}/items?page=N&per_page=M` with URLSession, decoded as a
/// ``CatalogPage``.
///
/// Connection errors, timeouts and 5xx answers are retried on ``retry``'s schedule, up to
/// ``maxAttempts`` requests in all, then fail with ``JobFailure/Code/upstreamUnavailable``. A 4xx
/// answer or a body that is not a page fails at once with ``JobFailure/Code/badResponse``, saying
/// the status or where the body went wrong: asking again would get the same answer.
///
/// Counters: `requests` (every request sent), `retries` (requests after the first of a job).
public struct PageHandler: JobHandler {
  /// When to try again.
  public let retry: RetrySchedule
  /// The most requests for one job, counting the first.
  public let maxAttempts: Int
  /// How long one request may take before it counts as failed and is retried.
  public let requestTimeout: Duration
  private let session: LazyURLSession

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
    self.session = LazyURLSession(requestTimeout: requestTimeout)
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
        throw JobFailure(code: failure.code, message: "\(failure.message) Gave up after \(attempt) attempts.", retryable: true)
      }
      try await retry.wait(afterFailures: attempt)
      attempt += 1
      context.increment("retries")
    }
  }

  /// One request: the page, or a failure that says whether another attempt might succeed.
  /// Throws only `CancellationError`.
  private func fetch(_ url: URL) async throws -> Result<CatalogPage, JobFailure> {
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: requestTimeout.seconds)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: request)
    } catch {
      try Task.checkCancellation()
      return .failure(JobFailure(code: .upstreamUnavailable, message: "GET \(url) failed: \(describe(error)).", retryable: true))
    }
    guard let status = (response as? HTTPURLResponse)?.statusCode else {
      return .failure(JobFailure(code: .badResponse, message: "GET \(url) got an answer that is not HTTP."))
    }
    let statusLine = "\(status) \(HTTPURLResponse.localizedString(forStatusCode: status).capitalized)"
    switch status {
    case 200..<300:
      do {
        return .success(try WireJSONDecoder().decode(CatalogPage.self, from: data))
      } catch {
        return .failure(JobFailure(
          code: .badResponse,
          message: "GET \(url) answered \(statusLine) with a body that is not a catalog page: \(WireJSONDecoder.describe(error))."))
      }
    case 500...:
      return .failure(JobFailure(code: .upstreamUnavailable, message: "GET \(url) answered \(statusLine).", retryable: true))
    default:
      let body = String(decoding: data.prefix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      return .failure(JobFailure(
        code: .badResponse,
        message: "GET \(url) answered \(statusLine)\(body.isEmpty ? "" : ": \(body)")."))
    }
  }

  /// Why a request got no answer, in words: Foundation's own descriptions on Linux are only codes.
  private func describe(_ error: any Error) -> String {
    switch (error as? URLError)?.code {
    case .timedOut?: return "no answer within \(requestTimeout)"
    case .cannotConnectToHost?: return "nothing accepted the connection; is the upstream running?"
    case .cannotFindHost?: return "the host name did not resolve"
    case .networkConnectionLost?: return "the connection dropped before the answer was complete"
    default: return "\(error)"
    }
  }

  /// `{baseURL}/items?page=N&per_page=M`, keeping any path the base URL has.
  static func url(for job: PageJob) throws(JobFailure) -> URL {
    guard var components = URLComponents(string: job.baseURL), let scheme = components.scheme?.lowercased(),
          ["http", "https"].contains(scheme), components.host?.isEmpty == false else {
      throw JobFailure(
        code: .invalidURL,
        message: "The catalog's base URL '\(job.baseURL)' is not an http:// URL; it looks like http://127.0.0.1:8080.")
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
