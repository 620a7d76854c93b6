#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP connection to `port` on 127.0.0.1, its descriptor the caller's to close; `nil`
/// if it could not be made. `receiveBuffer`, set before connecting, shrinks the kernel's buffer,
/// so that a client that does not read pushes back on the server sooner.
public func connectLoopback(port: UInt16, receiveBuffer: Int32? = nil) -> Int32? {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
  guard fd >= 0 else { return nil }
  if var size = receiveBuffer {
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
  }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = port.bigEndian
  address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
  }
  guard connected == 0 else {
    close(fd)
    return nil
  }
  return fd
}
