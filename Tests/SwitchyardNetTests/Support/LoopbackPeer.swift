import Foundation
import SwitchyardTestSupport
import Synchronization
@testable import SwitchyardNet

/// A TCP server on 127.0.0.1 that runs a test's script on every connection it accepts, each on a
/// thread of its own, and counts them: how tests play an HTTP server that misbehaves, and prove
/// that a client reused a connection.
final class LoopbackPeer: Sendable {
  let port: UInt16
  private let listener: Socket
  private let state = Mutex<(accepted: Int, failures: [String])>((0, []))
  private let threads = DispatchGroup()

  /// Listens on a free port and runs `script` with each connection and its number, from 1.
  init(_ script: @escaping @Sendable (_ connection: Socket, _ number: Int) throws -> Void) throws {
    listener = try Socket.listen(port: 0)
    port = try listener.localPort()
    threads.enter()
    Thread.detachNewThread { [self] in
      defer { threads.leave() }
      while let socket = try? listener.accept() {
        let number = state.withLock { state in
          state.accepted += 1
          return state.accepted
        }
        threads.enter()
        Thread.detachNewThread { [self] in
          defer {
            socket.close()
            threads.leave()
          }
          do {
            try script(socket, number)
          } catch {
            state.withLock { $0.failures.append("connection \(number): \(error)") }
          }
        }
      }
    }
  }

  /// How many connections were accepted so far.
  var acceptedConnections: Int {
    state.withLock { $0.accepted }
  }

  /// `http://127.0.0.1:port/path`.
  func url(_ path: String = "/") -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }

  /// Stops listening, waits (off the cooperative threads) for every script to end, and returns
  /// what the scripts threw.
  func stop() async throws -> [String] {
    listener.shutdown(.both)
    return try await offThread { [self] in
      threads.wait()
      listener.close()
      return state.withLock { $0.failures }
    }
  }
}

extension Socket {
  /// Reads one request head (a client's GET has no body), failing at end of stream.
  func readRequestHead() throws -> String {
    try readHead().head
  }

  /// Waits until the peer closes, reading and dropping anything it sends.
  func drainUntilClosed(timeout: Duration = .seconds(30)) {
    _ = readUntilClosed(timeout: timeout)
  }
}
