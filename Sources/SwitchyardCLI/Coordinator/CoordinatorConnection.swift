import Foundation
import SwitchyardRuntime
import SwitchyardWire

/// A command's connection to the coordinator of a run directory: each request, with its reply
/// checked and its errors turned into ``CoordinatorConnectionError``.
///
/// Blocking, like the ``ControlClient`` beneath it; one per thread.
public final class CoordinatorConnection {
  /// The run directory as the user gave it.
  public let runDirectory: String
  private let client: ControlClient
  /// How long a request waits for its reply.
  private let replyTimeout: Duration
  private var lastID: UInt64 = 0

  /// Connects to the coordinator serving `runDirectory`, whose replies it waits `replyTimeout` for;
  /// a `tcp://HOST:PORT` in its place is the coordinator's `--control-listen` address, greeted with
  /// the token in `SWITCHYARD_CONTROL_TOKEN`.
  public convenience init(runDirectory: String, replyTimeout: Duration = .seconds(5)) throws(CoordinatorConnectionError) {
    if runDirectory.hasPrefix("tcp://") {
      try self.init(address: runDirectory, token: ProcessInfo.processInfo.environment["SWITCHYARD_CONTROL_TOKEN"], replyTimeout: replyTimeout)
      return
    }
    let client: ControlClient
    do {
      client = try ControlClient(runDirectory: runDirectory)
    } catch {
      throw .noCoordinator(runDirectory: runDirectory)
    }
    self.init(runDirectory: runDirectory, client: client, replyTimeout: replyTimeout)
  }

  private init(runDirectory: String, client: ControlClient, replyTimeout: Duration) {
    self.runDirectory = runDirectory
    self.client = client
    self.replyTimeout = replyTimeout
  }

  /// Connects to a coordinator's TCP control listener at `address` (`tcp://HOST:PORT`), saying
  /// hello with `token` when given; `runDirectory` is what messages name it by.
  public convenience init(address: String, token: String?, replyTimeout: Duration = .seconds(5)) throws(CoordinatorConnectionError) {
    let client: ControlClient
    do {
      client = try ControlClient(address: address, token: token, timeout: replyTimeout)
    } catch {
      throw .connectionLost("\(error)")
    }
    self.init(runDirectory: address, client: client, replyTimeout: replyTimeout)
  }

  /// The coordinator's, pools' and workers' status.
  public func status() throws(CoordinatorConnectionError) -> StatusReport {
    let reply = try request(.status(id: nextID()))
    guard case let .statusReport(_, report) = reply else { throw .unexpectedReply(reply.typeName) }
    return report
  }

  /// The state at a dotted path such as `sessions.0.search`; `""` is the whole state.
  public func state(at path: String) throws(CoordinatorConnectionError) -> JSONValue {
    let reply = try request(.state(id: nextID(), path: path))
    guard case let .stateSlice(_, _, value) = reply else { throw .unexpectedReply(reply.typeName) }
    return value
  }

  /// Sends one action to the store; returns the journal sequence number it was given, `nil` when
  /// the coordinator runs without a journal.
  @discardableResult
  public func send(_ action: JSONValue) throws(CoordinatorConnectionError) -> UInt64? {
    let reply = try request(.send(id: nextID(), action: action))
    guard case let .sent(_, sequence) = reply else { throw .unexpectedReply(reply.typeName) }
    return sequence
  }

  /// Resizes pools; returns the size every pool now targets.
  public func scale(_ pools: [String: Int]) throws(CoordinatorConnectionError) -> [String: Int] {
    let reply = try request(.scale(id: nextID(), pools: pools))
    guard case let .scaled(_, sizes) = reply else { throw .unexpectedReply(reply.typeName) }
    return sizes
  }

  /// Subscribes to the slice at `path` and returns its current value; later values come from
  /// ``nextChange(timeout:)``.
  public func subscribe(to path: String) throws(CoordinatorConnectionError) -> JSONValue {
    let reply = try request(.subscribe(id: nextID(), path: path))
    guard case let .stateChanged(_, _, value) = reply else { throw .unexpectedReply(reply.typeName) }
    return value
  }

  /// The next value of a subscribed slice, or `nil` when none came within `timeout`.
  public func nextChange(timeout: Duration) throws(CoordinatorConnectionError) -> JSONValue? {
    do {
      let message = try client.receive(timeout: timeout)
      switch message {
      case let .stateChanged(_, _, value): return value
      case let .error(_, code, text): throw CoordinatorConnectionError.refused(code: code, message: text)
      default: throw CoordinatorConnectionError.unexpectedReply(message.typeName)
      }
    } catch ControlClientError.timedOut {
      return nil
    } catch let error as CoordinatorConnectionError {
      throw error
    } catch {
      throw .connectionLost("\(error)")
    }
  }

  private func request(_ message: ControlMessage) throws(CoordinatorConnectionError) -> ControlMessage {
    let reply: ControlMessage
    do {
      reply = try client.request(message, timeout: replyTimeout)
    } catch {
      throw .connectionLost("\(error)")
    }
    if case let .error(_, code, text) = reply { throw .refused(code: code, message: text) }
    return reply
  }

  private func nextID() -> UInt64 {
    lastID += 1
    return lastID
  }
}
