import Glibc

/// An IPv4 or IPv6 address and port as the kernel takes them: what a listener binds to, and what
/// `getsockname` says a socket is bound to.
package struct SocketAddress {
  private var storage = sockaddr_storage()
  private var length: socklen_t

  /// `host`, a dotted IPv4 address or an IPv6 address without brackets, and `port`; `nil` for
  /// anything else, a host name included.
  package init?(host: String, port: UInt16) {
    var ipv4 = in_addr()
    var ipv6 = in6_addr()
    if inet_pton(AF_INET, host, &ipv4) == 1 {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr = ipv4
      self.init(address)
    } else if inet_pton(AF_INET6, host, &ipv6) == 1 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      address.sin6_addr = ipv6
      self.init(address)
    } else {
      return nil
    }
  }

  /// `address`, a `sockaddr_in` or a `sockaddr_in6`.
  private init<Address>(_ address: Address) {
    length = socklen_t(MemoryLayout<Address>.size)
    withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: Address.self) }
  }

  /// The address `descriptor` is bound to.
  package init(boundTo descriptor: Int32) throws(SocketError) {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let status = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard status == 0 else { throw .lastError("getsockname") }
    self.storage = storage
    self.length = length
  }

  /// `AF_INET` or `AF_INET6`.
  package var family: Int32 {
    Int32(storage.ss_family)
  }

  package var port: UInt16 {
    withUnsafeBytes(of: storage) { bytes in
      family == AF_INET6
        ? UInt16(bigEndian: bytes.load(as: sockaddr_in6.self).sin6_port) : UInt16(bigEndian: bytes.load(as: sockaddr_in.self).sin_port)
    }
  }

  /// Whether both name the same address, whatever their ports.
  package func hasSameHost(as other: SocketAddress) -> Bool {
    family == other.family && hostBytes == other.hostBytes
  }

  /// The address without the port: 4 bytes, or 16.
  private var hostBytes: [UInt8] {
    withUnsafeBytes(of: storage) { bytes in
      family == AF_INET6
        ? withUnsafeBytes(of: bytes.load(as: sockaddr_in6.self).sin6_addr) { Array($0) }
        : withUnsafeBytes(of: bytes.load(as: sockaddr_in.self).sin_addr) { Array($0) }
    }
  }

  /// Calls `body` with the address as `bind` takes it.
  package func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
    withUnsafePointer(to: storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) } }
  }
}
