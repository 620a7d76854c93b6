import Dispatch
import Synchronization
import SwitchyardNet

/// A connection to one Redis server: commands go out in order and replies are matched to them in
/// order, many at once when pipelined.
///
/// Calls block the calling thread until their replies are in, so run them on threads of your own,
/// never on Swift's cooperative pool. One call at a time uses the connection (others wait), so a
/// blocking read such as `XREADGROUP … BLOCK` wants a connection of its own. The connection is
/// made on first use and remade, with backoff, on the first call after it is lost.
public final class RedisConnection: Sendable {
  /// Where and how this connection talks to Redis.
  public let configuration: RedisConfiguration
  private let session: Mutex<Session>
  /// The open socket, apart from ``session`` so ``close()`` can wake a call blocked reading.
  private let live = Mutex<Live>(Live())
  private let wakeup = DispatchSemaphore(value: 0)

  private struct Session {
    var socket: Socket?
    var parser: RESPParser
    var database: Int
  }

  private struct Live {
    var socket: Socket?
    var isClosed = false
  }

  /// Creates a connection that connects on its first command (or on ``connect()``).
  public init(configuration: RedisConfiguration) {
    self.configuration = configuration
    session = Mutex(Session(parser: RESPParser(limits: configuration.limits), database: configuration.database))
  }

  /// Connects now if not connected, so that a wrong address or password shows up at once.
  public func connect() throws(RedisError) {
    try connect(reporting: { _ in })
  }

  /// Connects now if not connected, telling `report` of every failed attempt while it retries
  /// (up to the reconnect policy's ``RedisReconnectPolicy/maxAttempts``), so that a process
  /// waiting for an unreachable server says so instead of waiting silently.
  public func connect(reporting report: (RedisConnectAttempt) -> Void) throws(RedisError) {
    try session.withLock { session throws(RedisError) in _ = try open(&session, reporting: report) }
  }

  /// Sends one command and returns its reply; an error reply throws ``RedisError/server(_:)``.
  ///
  /// `serverWait` is how long the command itself may make the server wait, such as a `BLOCK`
  /// argument, added to the read timeout.
  @discardableResult
  public func send(_ command: RedisCommand, serverWait: Duration = .zero) throws(RedisError) -> RedisValue {
    let reply = try exchange([command], serverWait: serverWait)[0]
    if case let .error(error) = reply { throw .server(error) }
    return reply
  }

  /// Writes every command before reading any reply, and returns the replies in the same order.
  ///
  /// An error reply is an ``RedisValue/error(_:)`` in its place, so one refused command does not
  /// hide the others' replies. `serverWait` is how long the commands may make the server wait,
  /// as ``send(_:serverWait:)`` takes it, for a pipeline that ends in a blocking read.
  public func pipeline(_ commands: [RedisCommand], serverWait: Duration = .zero) throws(RedisError) -> [RedisValue] {
    guard !commands.isEmpty else { return [] }
    return try exchange(commands, serverWait: serverWait)
  }

  /// Switches to `database`, which is then selected again after every reconnect.
  public func select(_ database: Int) throws(RedisError) {
    try session.withLock { session throws(RedisError) in
      let reply = try roundTrip([RedisCommand("SELECT", String(database))], in: &session, serverWait: .zero)[0]
      if case let .error(error) = reply { throw .server(error) }
      session.database = database
    }
  }

  /// Closes the connection for good, from any thread: a call blocked on it fails with
  /// ``RedisError/closed`` and so does every later one.
  public func close() {
    let socket = live.withLock { live in
      live.isClosed = true
      defer { live.socket = nil }
      return live.socket
    }
    socket?.shutdown(.both)
    wakeup.signal()
  }

  private func exchange(_ commands: [RedisCommand], serverWait: Duration) throws(RedisError) -> [RedisValue] {
    let (leading, last) = try exchange(commands, serverWait: serverWait, last: Self.nextValue, isPush: Self.isPush)
    return leading + [last]
  }

  /// Writes `commands` and reads their replies, the last with `readLast`: a caller that knows
  /// what the last command answers reads it in place rather than as a ``RedisValue``.
  func exchange<Last: Sendable>(
    _ commands: [RedisCommand], serverWait: Duration,
    last readLast: (inout RESPParser) throws(RESPProtocolError) -> Last?, isPush: (Last) -> Bool
  ) throws(RedisError) -> (leading: [RedisValue], last: Last) {
    try session.withLock { session throws(RedisError) in
      try roundTrip(commands, in: &session, serverWait: serverWait, last: readLast, isPush: isPush)
    }
  }

  private static func nextValue(_ parser: inout RESPParser) throws(RESPProtocolError) -> RedisValue? {
    try parser.next()
  }

  private static func isPush(_ value: RedisValue) -> Bool {
    if case .push = value { true } else { false }
  }

  private func roundTrip(_ commands: [RedisCommand], in session: inout Session, serverWait: Duration) throws(RedisError) -> [RedisValue] {
    let (leading, last) = try roundTrip(commands, in: &session, serverWait: serverWait, last: Self.nextValue, isPush: Self.isPush)
    return leading + [last]
  }

  private func roundTrip<Last: Sendable>(
    _ commands: [RedisCommand], in session: inout Session, serverWait: Duration,
    last readLast: (inout RESPParser) throws(RESPProtocolError) -> Last?, isPush: (Last) -> Bool
  ) throws(RedisError) -> (leading: [RedisValue], last: Last) {
    let socket = try open(&session)
    do {
      return try Self.write(
        commands, andRead: socket, parser: &session.parser, readTimeout: configuration.readTimeout + serverWait,
        last: readLast, isPush: isPush)
    } catch {
      drop(&session)
      if live.withLock({ $0.isClosed }) { throw .closed }
      throw error
    }
  }

  /// The open socket, connecting with backoff (and handshaking) when there is none or when the
  /// server closed it while idle (it restarted, or timed the client out).
  private func open(_ session: inout Session, reporting report: (RedisConnectAttempt) -> Void = { _ in }) throws(RedisError) -> Socket {
    if let socket = session.socket {
      guard socket.peerHasClosed() else { return socket }
      drop(&session)
    }
    var lastFailure = "no attempt was made"
    let attempts = max(1, configuration.reconnect.maxAttempts)
    for attempt in 1...attempts {
      let delay = configuration.reconnect.delay(beforeAttempt: attempt)
      if attempt > 1 {
        report(
          RedisConnectAttempt(
            address: "\(configuration.host):\(configuration.port)", attempt: attempt - 1, maxAttempts: attempts,
            reason: lastFailure, nextDelay: delay))
      }
      if delay > .zero { _ = wakeup.wait(timeout: .now() + delay.dispatchTimeInterval) }
      if live.withLock({ $0.isClosed }) { throw .closed }
      do {
        let socket = try Socket.connect(host: configuration.host, port: configuration.port, deadline: .now + configuration.connectTimeout)
        socket.setSendTimeout(configuration.readTimeout)
        session.parser = RESPParser(limits: configuration.limits)
        try handshake(socket, parser: &session.parser, database: session.database)
        let isClosed = live.withLock { live in
          if !live.isClosed { live.socket = socket }
          return live.isClosed
        }
        guard !isClosed else {
          socket.close()
          throw RedisError.closed
        }
        session.socket = socket
        return socket
      } catch let error as SocketError {
        lastFailure = error.description
      } catch let error as RedisError {
        switch error {
        case .connectionLost(let reason), .timedOut(let reason):
          lastFailure = reason
        case .server(let refusal) where refusal.code == "LOADING":
          // A restarted server accepts connections while it replays its append-only file.
          lastFailure = refusal.description
        default:
          throw error
        }
      } catch {
        lastFailure = "\(error)"
      }
    }
    report(
      RedisConnectAttempt(
        address: "\(configuration.host):\(configuration.port)", attempt: attempts, maxAttempts: attempts,
        reason: lastFailure, nextDelay: nil))
    throw .connectFailed(host: configuration.host, port: configuration.port, reason: lastFailure)
  }

  /// `HELLO 3` (or `AUTH`), `CLIENT SETNAME`, `SELECT` and a `PING`, pipelined; any error reply
  /// fails the connect. The `PING` answers `LOADING` while a restarted server replays its data,
  /// which makes the connect wait (with backoff) until the server can serve.
  private func handshake(_ socket: Socket, parser: inout RESPParser, database: Int) throws(RedisError) {
    var commands: [RedisCommand] = []
    switch configuration.protocolVersion {
    case .resp3:
      var hello = RedisCommand("HELLO", "3")
      if let password = configuration.password {
        hello = hello.appending("AUTH").appending(configuration.username ?? "default").appending(password)
      }
      commands.append(hello)
    case .resp2:
      if let password = configuration.password {
        commands.append(configuration.username.map { RedisCommand("AUTH", $0, password) } ?? RedisCommand("AUTH", password))
      }
    }
    if let name = configuration.clientName { commands.append(RedisCommand("CLIENT", "SETNAME", name)) }
    if database != 0 { commands.append(RedisCommand("SELECT", String(database))) }
    commands.append(RedisCommand("PING"))
    do throws(RedisError) {
      let (leading, last) = try Self.write(
        commands, andRead: socket, parser: &parser, readTimeout: configuration.connectTimeout, last: Self.nextValue, isPush: Self.isPush)
      for reply in leading + [last] {
        if case let .error(error) = reply { throw .server(error) }
      }
    } catch {
      socket.close()
      throw error
    }
  }

  private static func write<Last: Sendable>(
    _ commands: [RedisCommand], andRead socket: Socket, parser: inout RESPParser, readTimeout: Duration,
    last readLast: (inout RESPParser) throws(RESPProtocolError) -> Last?, isPush: (Last) -> Bool
  ) throws(RedisError) -> (leading: [RedisValue], last: Last) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(commands.count * 64)
    for command in commands { command.encode(into: &bytes) }
    do {
      try socket.write(bytes)
    } catch .timedOut {
      throw .timedOut("\(commands[0].name): the server stopped reading")
    } catch {
      throw .connectionLost(error.description)
    }
    var leading: [RedisValue] = []
    leading.reserveCapacity(commands.count - 1)
    var deadline = ContinuousClock.now + readTimeout
    while true {
      do throws(RESPProtocolError) {
        if leading.count < commands.count - 1 {
          if let reply = try parser.next() {
            // Pushes are out of band (invalidations, pub/sub); they answer no command.
            if !Self.isPush(reply) { leading.append(reply) }
            deadline = .now + readTimeout
            continue
          }
        } else if let reply = try readLast(&parser) {
          if !isPush(reply) { return (leading, reply) }
          deadline = .now + readTimeout
          continue
        }
      } catch {
        throw .protocolViolation(error)
      }
      let chunk: [UInt8]
      do {
        chunk = try socket.read(upTo: 256 << 10, deadline: deadline)
      } catch .timedOut {
        throw .timedOut(commands[leading.count].name)
      } catch {
        throw .connectionLost(error.description)
      }
      guard !chunk.isEmpty else { throw .connectionLost("the server closed the connection") }
      parser.append(chunk)
    }
  }

  private func drop(_ session: inout Session) {
    guard let socket = session.socket else { return }
    session.socket = nil
    live.withLock { live in
      if live.socket === socket { live.socket = nil }
    }
    socket.close()
  }

  deinit {
    session.withLock { session in session.socket?.close() }
  }
}
