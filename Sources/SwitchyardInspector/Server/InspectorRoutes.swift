import SwitchyardNet

/// The inspector's HTTP routes: the page at `/`, its WebSocket at `/socket`, the effects as JSON at
/// `/effects` (one effect's life at `/effects?id=N`), 404 for anything else, and 401 for every
/// request without the token when one is set.
enum InspectorRoutes {
  /// Serves the routes; `standingBy`, a standby's inspector (``ReplicaInspector``) answers every
  /// request but the WebSocket's `503` with `Retry-After`, its page and JSON still in the body.
  static func serve(
    configuration: InspectorConfiguration, session: InspectorSession, standingBy: Bool = false
  ) throws(InspectorError) -> HTTPServer {
    var router = HTTPRouter()
    router.add(.get, "/") { _ in
      HTTPResponse(
        headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store"],
        body: InspectorPage.html
      )
    }
    // The same JSON the page's `effects` and `effect` requests answer, for curl and scripts.
    router.add(.get, "/effects") { request in
      let text: String
      if let id = request.queryValue("id") {
        guard let effect = UInt64(id) else { return .status(400, detail: "id must be an effect's number, e.g. /effects?id=12") }
        text = #"{"type":"effect","effect":\#(effect)}"#
      } else {
        text = #"{"type":"effects"}"#
      }
      guard let reply = await session.respond(to: text).first else { return .status(500) }
      if case .error = reply { return .json(reply.bytes, status: 404) }
      return .json(reply.bytes)
    }
    router.add(.get, "/socket") { _ in
      .webSocket(maxMessageSize: configuration.maxRequestBytes) { connection in
        await session.serve(connection)
      }
    }
    return try listen(configuration: configuration) { [router] request in
      var response = await router.respond(to: request)
      if standingBy, request.path != "/socket" {
        response.status = 503
        response.headers["Retry-After"] = "2"
      }
      return response
    }
  }

  /// A server at `configuration`'s address, within its connection limits, that answers a request
  /// with `respond` only when it carries the token.
  static func listen(
    configuration: InspectorConfiguration, respond: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
  ) throws(InspectorError) -> HTTPServer {
    let access = InspectorAccess(token: configuration.token)
    var server = HTTPServer.Configuration(port: configuration.port)
    server.host = configuration.host
    server.limits = configuration.connectionLimits
    server.listeningPort = configuration.listeningPort
    do {
      return try HTTPServer.start(configuration: server) { request in
        guard access.allows(request) else { return access.refusal }
        return await respond(request)
      }
    } catch {
      throw .cannotListen(error)
    }
  }
}
