import Foundation
import SwitchyardNet

extension HTTPResponse {
  /// An `application/json` response holding `value`.
  static func json(encoding value: some Encodable, status: Int = 200) -> HTTPResponse {
    guard let body = try? JSONEncoder.upstream.encode(value) else {
      return .status(500, detail: "the answer could not be encoded as JSON")
    }
    return .json(body, status: status)
  }

  /// An error answer with an ``UpstreamError`` body.
  static func error(_ message: String, status: Int) -> HTTPResponse {
    .json(encoding: UpstreamError(error: message), status: status)
  }
}
