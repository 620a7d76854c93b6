import Foundation
import SwitchyardNet

/// An inspector page's WebSocket as a test drives it: requests sent as text, and replies and
/// broadcasts read by what they say, past the status and samples an inspector sends unasked.
public final class InspectorPageSocket {
  /// The connection, for what this type does not wrap.
  public let connection: WebSocketConnection
  private var messages: WebSocketMessages.Iterator

  /// Connects to the inspector's socket on 127.0.0.1:`port`, with `token` when one is required.
  public init(port: UInt16, token: String? = nil) async throws {
    let query = token.map { "?token=\($0)" } ?? ""
    connection = try await WebSocketClient.connect(to: URL(string: "ws://127.0.0.1:\(port)/socket\(query)")!, timeout: .seconds(30))
    messages = connection.messages.makeAsyncIterator()
  }

  /// Sends `text`, a request as the page sends it.
  public func send(_ text: String) async throws {
    try await connection.send(.text(text))
  }

  /// The next text message that contains `fragment`; throws ``TimedOut`` if the socket closes first.
  public func next(containing fragment: String) async throws -> String {
    while true {
      guard let message = try await messages.next() else { throw TimedOut(what: "a message with \(fragment) before the socket closed") }
      if case let .text(text) = message, text.contains(fragment) { return text }
    }
  }

  /// Reads until the server closes the socket.
  public func readToClose() async throws {
    while try await messages.next() != nil {}
  }

  /// Closes the socket.
  public func close() async {
    await connection.close()
  }
}
