import Glibc
import Testing
@testable import SwitchyardNet

/// `HOST:PORT` as `--control-listen`, `--metrics` and `--http` take it, IPv4, bracketed IPv6 or a
/// host name, and a listener on IPv6 loopback that a client reaches.
@Suite struct ListenAddressTests {
  @Test func readsDottedIPv4AndBracketedIPv6() throws {
    let v4 = try ListenAddress("10.0.0.5:7401")
    #expect(v4.host == "10.0.0.5" && v4.port == 7401 && !v4.isIPv6 && !v4.isLoopback)
    #expect(v4.authority() == "10.0.0.5:7401")

    let v6 = try ListenAddress("[::1]:7401")
    #expect(v6.host == "::1" && v6.port == 7401 && v6.isIPv6 && v6.isLoopback)
    #expect(v6.authority() == "[::1]:7401" && v6.authority(port: 9) == "[::1]:9")

    #expect(try ListenAddress("[0:0:0:0:0:0:0:1]:1").isLoopback)
    #expect(try !ListenAddress("[2001:db8::5]:80").isLoopback)
    #expect(try ListenAddress("127.0.0.9:80").isLoopback)
    #expect(try ListenAddress("[::]:0").isUnspecified && ListenAddress("0.0.0.0:0").isUnspecified)
    #expect(try !ListenAddress("[::1]:0").isUnspecified)
  }

  /// A host name is resolved as it is read, to an IPv4 address before an IPv6 one: every check
  /// after (loopback, the address bound, the one advertised) sees an address.
  @Test func resolvesAHostNameToItsIPv4AddressFirst() throws {
    let localhost = try ListenAddress("localhost:7401")
    #expect(localhost.host == "127.0.0.1" && localhost.port == 7401 && localhost.isLoopback)
    #expect(try ListenAddress("LocalHost:0").host == "127.0.0.1")
  }

  @Test(arguments: [
    "::1:7401", "[10.0.0.1]:80", "[::1]", "127.1:80", "[fe80::1%eth0]:80", "[::1]:70000", "10.0.0.256:1", "localhost",
    "-localhost:80", "local_host:80", "a..b:80", ":80",
  ])
  func refusesWhatIsNotAnAddressOrANameAndAPort(_ text: String) {
    #expect(throws: ListenAddressError.malformed(text)) { try ListenAddress(text) }
  }

  /// `.invalid` is reserved never to resolve (RFC 2606).
  @Test func refusesAHostNameThatDoesNotResolve() {
    #expect {
      try ListenAddress("no-such-host.invalid:80")
    } throws: { error in
      guard case let .unresolved(host, _) = error as? ListenAddressError else { return false }
      return host == "no-such-host.invalid"
    }
  }

  @Test func aListenerOnIPv6LoopbackIsReachedThere() throws {
    let listener = try Socket.listen(host: "::1", port: 0)
    let port = try listener.localPort()
    #expect(port != 0)
    let client = try Socket.connect(host: "::1", port: port, deadline: .now + .seconds(30))
    let server = try listener.accept()
    try client.write(Array("ping".utf8))
    #expect(try server.read(upTo: 16, deadline: .now + .seconds(30)) == Array("ping".utf8))
    #expect(try SocketAddress(boundTo: listener.descriptor).family == AF_INET6)
  }

  @Test func aHostNameIsRefusedForListening() {
    #expect(throws: SocketError.self) { try Socket.listen(host: "localhost", port: 0) }
  }
}
