/// An HTTP listener of the coordinator as the fuzz sees it: where it is, its token, the requests
/// it serves and what each is answered with the token and without it.
struct HTTPFuzzListener: Sendable {
  /// A request the listener answers with a known status.
  struct Route: Sendable {
    var method: String
    var target: String
    /// The statuses it may get with the token, and without it.
    var authorized: Set<Int>
    var unauthorized: Set<Int>
  }

  let name: String
  let port: UInt16
  let token: String
  let routes: [Route]
  /// The statuses that say a request was let past the token check: only a request that carries
  /// the token may get one.
  let servedStatuses: Set<Int>

  /// Every status either listener ever answers; a 500, say, is a bug.
  static let knownStatuses: Set<Int> = [101, 200, 400, 401, 404, 405, 408, 413, 414, 426, 431, 501, 503, 505]

  /// `start --http` with `--http-token`: every request without the token is 401, whatever its route.
  static func inspector(port: UInt16, token: String) -> HTTPFuzzListener {
    let page: Set<Int> = [200]
    return HTTPFuzzListener(
      name: "inspector", port: port, token: token,
      routes: [
        Route(method: "GET", target: "/", authorized: page, unauthorized: [401]),
        Route(method: "HEAD", target: "/", authorized: page, unauthorized: [401]),
        Route(method: "GET", target: "/effects", authorized: [200], unauthorized: [401]),
        Route(method: "GET", target: "/effects?id=1", authorized: [200, 404], unauthorized: [401]),
        Route(method: "GET", target: "/effects?id=-1", authorized: [400], unauthorized: [401]),
        Route(method: "GET", target: "/effects?id=18446744073709551616", authorized: [400], unauthorized: [401]),
        Route(method: "GET", target: "/effects?id=%ZZ", authorized: [400], unauthorized: [401]),
        Route(method: "GET", target: "/nope", authorized: [404], unauthorized: [401]),
        Route(method: "GET", target: "/%2e%2e/%2e%2e/etc/passwd", authorized: [404], unauthorized: [401]),
        Route(method: "POST", target: "/", authorized: [405], unauthorized: [401]),
        Route(method: "DELETE", target: "/effects", authorized: [405], unauthorized: [401]),
        Route(method: "GET", target: "/socket", authorized: [400], unauthorized: [401]),
        Route(method: "OPTIONS", target: "*", authorized: [404], unauthorized: [401]),
      ],
      servedStatuses: [101, 200, 404, 405, 426]
    )
  }

  /// `start --metrics` with `--metrics-token`: only `/metrics` is routed, and only it asks for the token.
  static func metrics(port: UInt16, token: String) -> HTTPFuzzListener {
    HTTPFuzzListener(
      name: "metrics", port: port, token: token,
      routes: [
        Route(method: "GET", target: "/metrics", authorized: [200], unauthorized: [401]),
        Route(method: "HEAD", target: "/metrics", authorized: [200], unauthorized: [401]),
        Route(method: "GET", target: "/metrics?format=x&a=%ZZ", authorized: [200], unauthorized: [401]),
        Route(method: "GET", target: "/", authorized: [404], unauthorized: [404]),
        Route(method: "GET", target: "/metrics/", authorized: [404], unauthorized: [404]),
        Route(method: "POST", target: "/metrics", authorized: [405], unauthorized: [405]),
      ],
      servedStatuses: [200]
    )
  }
}
