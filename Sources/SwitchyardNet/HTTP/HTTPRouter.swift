/// Routes requests by exact path and method, answering 404 for unknown paths and 405 (with an
/// `Allow` header) for known paths asked with another method.
///
/// ```swift
/// var router = HTTPRouter()
/// router.add(.get, "/health") { _ in .text("ok") }
/// let server = try HTTPServer.start(router: router)
/// ```
public struct HTTPRouter: Sendable {
  /// What a route does with a request.
  public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

  private var routes: [String: [HTTPMethod: Handler]] = [:]

  /// A router with no routes, which answers 404 to everything.
  public init() {}

  /// Routes `method` requests for `path` (matched exactly, without the query) to `handler`,
  /// replacing any earlier route for the same pair. A GET route also answers HEAD.
  public mutating func add(_ method: HTTPMethod, _ path: String, _ handler: @escaping Handler) {
    routes[path, default: [:]][method] = handler
  }

  /// The response of the matching route, or 404 or 405.
  public func respond(to request: HTTPRequest) async -> HTTPResponse {
    guard let methods = routes[request.path] else { return .status(404) }
    if let handler = methods[request.method] ?? (request.method == .head ? methods[.get] : nil) {
      return await handler(request)
    }
    var allowed = Set(methods.keys.map(\.rawValue))
    if allowed.contains("GET") {
      allowed.insert("HEAD")
    }
    var response = HTTPResponse.status(405)
    response.headers["Allow"] = allowed.sorted().joined(separator: ", ")
    return response
  }
}
