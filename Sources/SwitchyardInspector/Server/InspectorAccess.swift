import SwitchyardNet

/// Who may use the inspector: with a token, only requests that carry it, as `?token=` (what a
/// browser can put on a page's and a WebSocket's URL) or `Authorization: Bearer`.
struct InspectorAccess: Sendable {
  let token: String?

  /// Whether `request` may be served.
  func allows(_ request: HTTPRequest) -> Bool {
    guard let token else { return true }
    return request.carries(token: token)
  }

  /// The answer to a request without the right token.
  var refusal: HTTPResponse {
    var response = HTTPResponse.status(
      401,
      detail: "this inspector needs the token given to 'switchyard start --http-token'; open it as /?token=TOKEN"
    )
    response.headers["WWW-Authenticate"] = #"Bearer realm="switchyard inspector""#
    return response
  }
}
