/// An IPv4 address and TCP port to listen on, as a command line gives it: `HOST:PORT`.
public struct ListenAddress: Sendable, Equatable {
  /// The dotted IPv4 address.
  public var host: String
  /// The port; 0 picks a free one.
  public var port: UInt16

  /// Reads `HOST:PORT` with a dotted IPv4 host; `nil` for anything else.
  public init?(_ text: String) {
    guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else { return nil }
    let host = String(text[..<colon])
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return nil }
    self.host = host
    self.port = port
  }

  /// Whether only this machine can reach it: 127.0.0.0/8.
  public var isLoopback: Bool {
    host.hasPrefix("127.")
  }
}
