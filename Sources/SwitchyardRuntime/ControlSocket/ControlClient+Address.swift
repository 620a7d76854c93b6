#if canImport(Glibc)
import Glibc
#endif
import SwitchyardNet
import SwitchyardWire

extension ControlClient {
  /// Connects to a coordinator's TCP control listener (`start --control-listen`) at `address`,
  /// `tcp://HOST:PORT` (an IPv6 host in brackets), and says hello with `token` when given, as a listener that takes one
  /// requires before anything else.
  public convenience init(address: String, token: String?, timeout: Duration = .seconds(5)) throws(ControlClientError) {
    let hostPort = address.hasPrefix("tcp://") ? String(address.dropFirst("tcp://".count)) : address
    guard let colon = hostPort.lastIndex(of: ":"), let port = UInt16(hostPort[hostPort.index(after: colon)...]) else {
      throw .unreachable(address: address, reason: "not an address of the form tcp://HOST:PORT")
    }
    var host = hostPort[..<colon]
    if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
    let descriptor: Int32
    do {
      descriptor = try Socket.connect(host: String(host), port: port, deadline: .now + timeout).releaseDescriptor()
    } catch {
      throw .unreachable(address: address, reason: "\(error)")
    }
    self.init(descriptor: descriptor)
    guard let token else { return }
    let reply = try request(.hello(Hello(role: "client", pid: getpid(), token: token)), timeout: timeout)
    if case let .error(_, _, message) = reply { throw .refused(message) }
  }
}
