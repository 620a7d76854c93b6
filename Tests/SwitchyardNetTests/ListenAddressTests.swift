import Glibc
import Testing
@testable import SwitchyardNet

/// `HOST:PORT` as `--control-listen`, `--metrics` and `--http` take it, IPv4 or bracketed IPv6,
/// and a listener on IPv6 loopback that a client reaches.
@Suite struct ListenAddressTests {
  @Test func readsDottedIPv4AndBracketedIPv6() throws {
    let v4 = try #require(ListenAddress("10.0.0.5:7401"))
    #expect(v4.host == "10.0.0.5" && v4.port == 7401 && !v4.isIPv6 && !v4.isLoopback)
    #expect(v4.authority() == "10.0.0.5:7401")

    let v6 = try #require(ListenAddress("[::1]:7401"))
    #expect(v6.host == "::1" && v6.port == 7401 && v6.isIPv6 && v6.isLoopback)
    #expect(v6.authority() == "[::1]:7401" && v6.authority(port: 9) == "[::1]:9")

    #expect(ListenAddress("[0:0:0:0:0:0:0:1]:1")?.isLoopback == true)
    #expect(ListenAddress("[2001:db8::5]:80")?.isLoopback == false)
    #expect(ListenAddress("127.0.0.9:80")?.isLoopback == true)
    #expect(ListenAddress("[::]:0")?.isUnspecified == true && ListenAddress("0.0.0.0:0")?.isUnspecified == true)
    #expect(ListenAddress("[::1]:0")?.isUnspecified == false)
  }

  @Test(arguments: ["::1:7401", "localhost:80", "[10.0.0.1]:80", "[::1]", "127.1:80", "[fe80::1%eth0]:80", "[::1]:70000", "10.0.0.256:1"])
  func refusesWhatIsNotAnAddressAndAPort(_ text: String) {
    #expect(ListenAddress(text) == nil)
  }

  @Test func aListenerOnIPv6LoopbackIsReachedThere() throws {
    let listener = try Socket.listen(host: "::1", port: 0)
    let port = try listener.localPort()
    #expect(port != 0)
    let client = try Socket.connect(host: "::1", port: port, deadline: .now + .seconds(5))
    let server = try listener.accept()
    try client.write(Array("ping".utf8))
    #expect(try server.read(upTo: 16, deadline: .now + .seconds(5)) == Array("ping".utf8))
    #expect(try SocketAddress(boundTo: listener.descriptor).family == AF_INET6)
  }

  @Test func aHostNameIsRefusedForListening() {
    #expect(throws: SocketError.self) { try Socket.listen(host: "localhost", port: 0) }
  }
}
