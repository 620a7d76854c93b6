import Foundation
import SwitchyardTestSupport
import Synchronization
@testable import SwitchyardNet

/// A one-connection TCP server whose behaviour is a test's script: how tests play a WebSocket
/// server that breaks the rules.
final class ScriptedPeer: Sendable {
  let port: UInt16
  private let listener: Socket
  private let outcome = Mutex<Result<Void, Error>?>(nil)
  private let done = DispatchSemaphore(value: 0)

  /// Listens on a free port and runs `script` on the first connection, on a thread of its own.
  init(_ script: @escaping @Sendable (Socket) throws -> Void) throws {
    listener = try Socket.listen(port: 0)
    port = try listener.localPort()
    Thread.detachNewThread { [self] in
      let result = Result {
        let socket = try listener.accept()
        defer { socket.close() }
        try script(socket)
      }
      outcome.withLock { $0 = result }
      listener.close()
      done.signal()
    }
  }

  var url: URL {
    URL(string: "ws://127.0.0.1:\(port)/")!
  }

  /// Waits for the script to end and rethrows what it threw; stops listening if nobody came.
  func finish(timeout: Duration = .seconds(30)) async throws {
    try await offThread { [self] in
      if done.wait(timeout: .now() + timeout.dispatchInterval) == .timedOut {
        listener.shutdown(.both)
        done.wait()
      }
      try outcome.withLock { $0 }?.get()
    }
  }
}
