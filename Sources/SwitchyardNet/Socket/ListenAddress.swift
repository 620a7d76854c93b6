#if canImport(Glibc)
import Glibc
#endif

/// An IP address and TCP port to listen on, as a command line gives it: `HOST:PORT`, the host a
/// dotted IPv4 address, an IPv6 address in brackets (`[::1]:7401`), as in a URL, or a host name.
///
/// A host name is resolved once, as it is read, to its first IPv4 address, else its first IPv6
/// one: a listener binds one address, and `localhost` means 127.0.0.1 to most servers.
public struct ListenAddress: Sendable, Equatable {
  /// The address without brackets: `127.0.0.1`, `::1`; a host name's address once resolved.
  public var host: String
  /// The port; 0 picks a free one.
  public var port: UInt16

  /// Reads `HOST:PORT`, resolving a host name.
  public init(_ text: String) throws(ListenAddressError) {
    guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
      throw .malformed(text)
    }
    var host = String(text[..<colon])
    if host.hasPrefix("["), host.hasSuffix("]") {
      host = String(host.dropFirst().dropLast())
      guard SocketAddress(host: host, port: port)?.family == AF_INET6 else { throw .malformed(text) }
    } else if host.allSatisfy({ $0 == "." || ("0"..."9").contains($0) }) {
      // Digits and dots are an address, never a name to look up: 127.1 and 10.0.0.256 are refused.
      let parts = host.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { throw .malformed(text) }
    } else if Self.isHostName(host) {
      host = try Self.resolve(host)
    } else {
      throw .malformed(text)
    }
    self.host = host
    self.port = port
  }

  /// Whether `text` is a host name as RFC 1123 writes one: dot-separated labels of letters, digits
  /// and inner hyphens.
  private static func isHostName(_ text: String) -> Bool {
    let labels = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    return text.utf8.count <= 253 && labels.allSatisfy { label in
      (1...63).contains(label.count) && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
        && label.allSatisfy { byte in
          (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-")
        }
    }
  }

  /// The first IPv4 address `name` resolves to, else its first IPv6 one, written as an address.
  private static func resolve(_ name: String) throws(ListenAddressError) -> String {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(name, nil, &hints, &list)
    guard status == 0, let first = list else {
      throw .unresolved(host: name, reason: String(cString: gai_strerror(status)))
    }
    defer { freeaddrinfo(first) }
    var chosen: UnsafeMutablePointer<addrinfo>?
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    while let info = candidate {
      candidate = info.pointee.ai_next
      let family = info.pointee.ai_family
      guard family == AF_INET || family == AF_INET6 else { continue }
      if chosen == nil || (family == AF_INET && chosen?.pointee.ai_family != AF_INET) { chosen = info }
    }
    var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
    guard let chosen,
      getnameinfo(chosen.pointee.ai_addr, chosen.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0
    else {
      throw .unresolved(host: name, reason: "no IPv4 or IPv6 address")
    }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
