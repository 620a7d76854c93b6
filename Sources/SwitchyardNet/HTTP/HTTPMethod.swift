/// An HTTP request method. Any token is accepted on the wire; the common ones have names.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The method as sent, case-sensitive (RFC 9110 §9.1).
  public let rawValue: String

  /// Wraps a method token.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public static let get = HTTPMethod(rawValue: "GET")
  public static let head = HTTPMethod(rawValue: "HEAD")
  public static let post = HTTPMethod(rawValue: "POST")
  public static let put = HTTPMethod(rawValue: "PUT")
  public static let patch = HTTPMethod(rawValue: "PATCH")
  public static let delete = HTTPMethod(rawValue: "DELETE")
  public static let options = HTTPMethod(rawValue: "OPTIONS")

  public var description: String {
    rawValue
  }
}
