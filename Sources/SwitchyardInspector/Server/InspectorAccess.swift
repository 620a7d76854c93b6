import SwitchyardNet

/// Who may use the inspector: with a token, only requests that carry it, as `?token=` (what a
/// browser can put on a page's and a WebSocket's URL) or `Authorization: Bearer`.
struct InspectorAccess: Sendable {
  let token: String?

  /// Whether `request` may be served.
  func allows(_ request: HTTPRequest) -> Bool {
    guard let token else { return true }
    let given = request.queryValue("token") ?? bearer(request)
    guard let given else { return false }
    return Self.constantTimeEqual(Array(given.utf8), Array(token.utf8))
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

  private func bearer(_ request: HTTPRequest) -> String? {
    guard let value = request.headers["Authorization"], value.lowercased().hasPrefix("bearer ") else { return nil }
    return String(value.dropFirst("bearer ".count))
  }

  /// Compares without stopping at the first difference, so timing does not reveal the token.
  private static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count)
    for index in 0..<max(lhs.count, rhs.count) {
      difference |= (index < lhs.count ? lhs[index] : 0) ^ (index < rhs.count ? rhs[index] : 0)
    }
    return difference == 0
  }
}
