/// An HTTP request method. Any token is accepted on the wire; the common ones have names.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The method as sent, case-sensitive (RFC 9110 §9.1).
  public let rawValue: String

  /// Wraps a method token.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// `GET`: read a resource.
  public static let get = HTTPMethod(rawValue: "GET")
  /// `HEAD`: like GET, answered without a body.
  public static let head = HTTPMethod(rawValue: "HEAD")
  /// `POST`: submit data.
  public static let post = HTTPMethod(rawValue: "POST")
  /// `PUT`: replace a resource.
  public static let put = HTTPMethod(rawValue: "PUT")
  /// `PATCH`: change part of a resource.
  public static let patch = HTTPMethod(rawValue: "PATCH")
  /// `DELETE`: remove a resource.
  public static let delete = HTTPMethod(rawValue: "DELETE")
  /// `OPTIONS`: ask what a resource supports.
  public static let options = HTTPMethod(rawValue: "OPTIONS")

  /// The method token, e.g. `GET`.
  public var description: String {
    rawValue
  }
}
