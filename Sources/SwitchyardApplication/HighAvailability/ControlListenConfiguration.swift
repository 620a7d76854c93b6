import Foundation
import SwitchyardNet

/// `start --control-listen HOST:PORT` and `--control-token`: the control protocol served over TCP
/// too, so that clients on other hosts reach this coordinator when it leads (`--ha` advertises
/// the address with its lease).
///
/// Loopback unless a token is given, like the inspector: what the socket takes (actions, scaling)
/// is the coordinator's to obey, and the listener has no TLS.
public struct ControlListenConfiguration: Sendable, Equatable {
  /// The address and port to listen on.
  public var address: ListenAddress
  /// The secret every TCP client's `hello` must carry; required when the address is not loopback.
  public var token: String?

  /// Reads `--control-listen` and `--control-token`; `nil` without `--control-listen`.
  static func commandLine(address: String?, token: String?) throws(UsageError) -> ControlListenConfiguration? {
    // A token alone is no conflict: SWITCHYARD_CONTROL_TOKEN is also what the CLI sends.
    guard let address else { return nil }
    let listen: ListenAddress
    do { listen = try ListenAddress(address) } catch { throw .invalidValue(name: "--control-listen", value: address, expected: error.expected) }
    if let token, token.isEmpty { throw .invalidValue(name: "--control-token", value: token, expected: "a secret every client must send") }
    guard listen.isLoopback || token != nil else {
      throw .conflict(
        "the control protocol would be reachable beyond this machine at \(listen.host); add --control-token with a secret clients send (SWITCHYARD_CONTROL_TOKEN), or use 127.0.0.1"
      )
    }
    return ControlListenConfiguration(address: listen, token: token)
  }

  /// The address other hosts reach the listener bound to `port` at (the one picked, for port 0),
  /// as the lease advertises it: the listening address, or this host's name for 0.0.0.0 or `::`.
  func advertised(port: UInt16) -> String {
    guard address.isUnspecified else { return "tcp://\(address.authority(port: port))" }
    return "tcp://\(ProcessInfo.processInfo.hostName):\(port)"
  }
}
