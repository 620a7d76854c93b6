/// Why bytes from a peer are not an acceptable HTTP/1.1 message; each maps to the status the
/// server answers with before closing the connection.
enum HTTPParseError: Error, Equatable, CustomStringConvertible {
  /// The syntax is wrong (RFC 9112); answered with 400.
  case malformed(String)
  /// The request line is longer than the header limit; answered with 414.
  case requestLineTooLong(limit: Int)
  /// The header section is larger than the limit; answered with 431.
  case headersTooLarge(limit: Int)
  /// There are more header fields than the limit; answered with 431.
  case tooManyHeaders(limit: Int)
  /// `Content-Length` is over the body limit; answered with 413 without reading the body.
  case bodyTooLarge(length: Int, limit: Int)
  /// The HTTP version is well-formed but not 1.0 or 1.1; answered with 505.
  case unsupportedVersion(String)
  /// The request uses `Transfer-Encoding`, which this server does not implement; answered with 501.
  case unsupportedTransferEncoding(String)

  /// The status code the server answers with.
  var status: Int {
    switch self {
    case .malformed: return 400
    case .requestLineTooLong: return 414
    case .headersTooLarge, .tooManyHeaders: return 431
    case .bodyTooLarge: return 413
    case .unsupportedVersion: return 505
    case .unsupportedTransferEncoding: return 501
    }
  }

  var description: String {
    switch self {
    case .malformed(let problem):
      return "Malformed HTTP: \(problem)."
    case .requestLineTooLong(let limit):
      return "The request line is longer than \(limit) bytes; shorten the URL."
    case .headersTooLarge(let limit):
      return "The header section is larger than \(limit) bytes; send fewer or smaller headers."
    case .tooManyHeaders(let limit):
      return "The request has more than \(limit) header fields; send fewer."
    case .bodyTooLarge(let length, let limit):
      return "The body of \(length) bytes is over the \(limit)-byte limit."
    case .unsupportedVersion(let version):
      return "\(version) is not supported; use HTTP/1.1."
    case .unsupportedTransferEncoding(let coding):
      return "Transfer-Encoding '\(coding)' is not supported; send a Content-Length body."
    }
  }
}
