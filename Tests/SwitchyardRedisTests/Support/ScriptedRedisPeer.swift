import Foundation
import Synchronization
@testable import SwitchyardNet
@testable import SwitchyardRedis

/// A peer on 127.0.0.1 that passes for Redis just far enough for ``RedisConnection``: it answers
/// `HELLO` and `PING` as Redis does, and one command (or the handshake) with whatever bytes the
/// test scripts, so that a client meets a broken reply where it expects a real one.
///
/// Each connection is served on a thread of its own until the client closes it; ``openConnections``
/// says how many the client has not closed yet.
final class ScriptedRedisPeer: Sendable {
  /// The bytes to answer with next, once, and what to do after them.
  struct Script: Sendable {
    /// What to answer.
    var reply: [UInt8]
    /// Whether `reply` answers the handshake's `HELLO` rather than the first other command.
    var inHandshake: Bool
    /// Whether the peer closes the connection after writing `reply`.
    var closesAfter: Bool
  }

  let port: UInt16
  private let listener: Socket
  private let state = Mutex(State())
  private let acceptorEnded = DispatchSemaphore(value: 0)

  private struct State {
    var script: Script?
    var openConnections = 0
    var isStopped = false
  }

  init() throws {
    listener = try Socket.listen(port: 0)
    port = try listener.localPort()
    Thread.detachNewThread { [self] in
      while let socket = try? listener.accept() {
        guard state.withLock({ state in
          if !state.isStopped { state.openConnections += 1 }
          return !state.isStopped
        }) else {
          socket.close()
          break
        }
        Thread.detachNewThread { [self] in
          serve(socket)
          socket.close()
          state.withLock { $0.openConnections -= 1 }
        }
      }
      acceptorEnded.signal()
    }
  }

  /// A configuration for this peer whose every wait is short, and bounded.
  var configuration: RedisConfiguration {
    RedisConfiguration(
      port: port, connectTimeout: .seconds(2), readTimeout: .milliseconds(300),
      reconnect: RedisReconnectPolicy(initialDelay: .milliseconds(1), maxDelay: .milliseconds(5), maxAttempts: 2))
  }

  /// Answers the next command (or handshake) with `script`.
  func answerNext(with script: Script) {
    state.withLock { $0.script = script }
  }

  /// Connections accepted and not yet closed by the client.
  var openConnections: Int {
    state.withLock { $0.openConnections }
  }

  /// Waits up to `seconds` until the client has closed every connection; whether it has.
  func waitUntilAllClosed(within seconds: Double = 3) -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while openConnections > 0 {
      guard ContinuousClock.now < deadline else { return false }
      Thread.sleep(forTimeInterval: 0.002)
    }
    return true
  }

  /// Stops accepting; connections still open end when their client closes them or in 10 s.
  func stop() {
    state.withLock { $0.isStopped = true }
    listener.shutdown()
    acceptorEnded.wait()
    listener.close()
  }

  /// Reads commands, as the client encodes them, and answers each until the client closes.
  private func serve(_ socket: Socket) {
    var commands = RESPParser()
    while let bytes = try? socket.read(upTo: 64 << 10, deadline: .now + .seconds(10)), !bytes.isEmpty {
      commands.append(bytes)
      while let command = try? commands.next() {
        let name = command.elements?.first?.string?.uppercased() ?? ""
        let script = state.withLock { state -> Script? in
          guard let script = state.script, script.inHandshake ? name == "HELLO" : !["HELLO", "PING"].contains(name) else { return nil }
          state.script = nil
          return script
        }
        if let script {
          guard (try? socket.write(script.reply)) != nil, !script.closesAfter else { return }
          continue
        }
        let answer = switch name {
        case "HELLO": RESPReplySeeds.hello
        case "PING": "+PONG\r\n"
        default: "$-1\r\n"
        }
        guard (try? socket.write(Array(answer.utf8))) != nil else { return }
      }
    }
  }
}
