#if canImport(Glibc)
import Glibc
#endif

/// An IP address and TCP port to listen on, as a command line gives it: `HOST:PORT`, the host a
/// dotted IPv4 address or an IPv6 address in brackets (`[::1]:7401`), as in a URL.
public struct ListenAddress: Sendable, Equatable {
  /// The address without brackets: `127.0.0.1`, `::1`.
  public var host: String
  /// The port; 0 picks a free one.
  public var port: UInt16

  /// Reads `HOST:PORT`; `nil` for a host name, an IPv6 address without brackets, or anything else
  /// that is not an address and a port.
  public init?(_ text: String) {
    guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else { return nil }
    var host = String(text[..<colon])
    if host.hasPrefix("["), host.hasSuffix("]") {
      host = String(host.dropFirst().dropLast())
      guard SocketAddress(host: host, port: port)?.family == AF_INET6 else { return nil }
    } else {
      let parts = host.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return nil }
    }
    self.host = host
    self.port = port
  }

  /// Whether the host is an IPv6 address.
  public var isIPv6: Bool {
    host.contains(":")
  }

  /// Whether only this machine can reach it: 127.0.0.0/8, or `::1`.
  public var isLoopback: Bool {
    isIPv6 ? names("::1") : host.hasPrefix("127.")
  }

  /// Whether it listens on every address of the machine: `0.0.0.0` or `::`.
  public var isUnspecified: Bool {
    names(isIPv6 ? "::" : "0.0.0.0")
  }

  /// `HOST:PORT` as a URL writes it, the IPv6 host in brackets, with `port` in place of the one
  /// asked for (the one picked for port 0).
  public func authority(port: UInt16? = nil) -> String {
    Self.authority(host: host, port: port ?? self.port)
  }

  /// `host:port`, an IPv6 host in brackets, as a URL writes it.
  public static func authority(host: String, port: UInt16) -> String {
    authority(host: host, port: Int(port))
  }

  /// `host:port` for a port an error message holds as an `Int`.
  static func authority(host: String, port: Int) -> String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  /// Whether the host is the address `other`, however either is written (`::1`, `0:0:0:0:0:0:0:1`).
  private func names(_ other: String) -> Bool {
    guard let mine = SocketAddress(host: host, port: 0), let theirs = SocketAddress(host: other, port: 0) else { return false }
    return mine.hasSameHost(as: theirs)
  }
}
