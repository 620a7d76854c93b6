import SwitchyardNet

/// The inspector's HTTP routes: the page at `/`, its WebSocket at `/socket`, 404 for anything
/// else, and 401 for every request without the token when one is set.
enum InspectorRoutes {
  static func serve(configuration: InspectorConfiguration, session: InspectorSession) throws(InspectorError) -> HTTPServer {
    var router = HTTPRouter()
    router.add(.get, "/") { _ in
      HTTPResponse(
        headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store"],
        body: InspectorPage.html
      )
    }
    router.add(.get, "/socket") { _ in
      .webSocket(maxMessageSize: configuration.maxRequestBytes) { connection in
        await session.serve(connection)
      }
    }
    let access = InspectorAccess(token: configuration.token)
    var server = HTTPServer.Configuration(port: configuration.port)
    server.host = configuration.host
    server.limits = configuration.connectionLimits
    do {
      return try HTTPServer.start(configuration: server) { [router] request in
        guard access.allows(request) else { return access.refusal }
        return await router.respond(to: request)
      }
    } catch {
      throw .cannotListen(error)
    }
  }
}
