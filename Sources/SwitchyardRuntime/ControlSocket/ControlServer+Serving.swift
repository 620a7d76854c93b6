#if canImport(Glibc)
import Glibc
#endif
import SwitchyardNet
import SwitchyardWire

extension ControlServer {
  /// The I/O thread's own state: each client's connection, and what they hold between them.
  private struct Connections {
    /// Shared with the acceptor, which admits the clients this releases.
    let admission: ConnectionAdmission
    var byClient: [Int: ControlConnection] = [:]
    var totalPartialBytes = 0
    var nextClient: Int
  }

  func serve(_ inbox: MainActorInbox<ControlServerEvent>) {
    var state = Connections(admission: ConnectionAdmission(limits: limits.listener), nextClient: firstClient)
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var acceptor = ControlAcceptor(listener: listener, admission: state.admission)
    while true {
      let (stopped, handled, writing) = shared.withLock { shared in
        defer { shared.handled.removeAll(keepingCapacity: true) }
        return (
          shared.isStopped,
          shared.handled,
          Set(shared.clients.filter { $0.value.wantsWrite }.keys)
        )
      }
      if stopped { break }
      for (client, count) in handled { state.byClient[client]?.handled(count) }
      postTurn(&state, inbox: inbox)

      var fds = [
        pollfd(fd: wakeup.read, events: Int16(POLLIN), revents: 0),
        pollfd(fd: listener, events: acceptor.isPaused ? 0 : Int16(POLLIN), revents: 0),
      ]
      // A client with requests still waiting is not read (nor polled, unless replies wait for it).
      var watched: [(client: Int, fd: Int32)] = []
      for (client, connection) in state.byClient {
        let events = (connection.wantsRead ? Int16(POLLIN) : 0) | (writing.contains(client) ? Int16(POLLOUT) : 0)
        guard events != 0 else { continue }
        watched.append((client, connection.fd))
        fds.append(pollfd(fd: connection.fd, events: events, revents: 0))
      }
      let wake = ([acceptor.pauseEnds] + state.byClient.values.map { $0.deadline(limits)?.at }).compactMap { $0 }.min()
      guard poll(&fds, nfds_t(fds.count), Self.millis(until: wake)) >= 0 || errno == EINTR else { break }
      if fds[0].revents != 0 {
        var drain = [UInt8](repeating: 0, count: 256)
        _ = read(wakeup.read, &drain, drain.count)
        closeLeaving(&state, inbox: inbox)
      }
      if fds[1].revents & Int16(POLLIN) != 0 {
        acceptor.acceptAll(log: log) {
          evictOne(&state, inbox: inbox)
        } admit: { fd in
          // Replies are small frames a client waits for: no Nagle delay on TCP (a no-op on a Unix socket).
          var noDelay: Int32 = 1
          setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
          let id = state.nextClient
          state.nextClient += 1
          state.byClient[id] = ControlConnection(fd: fd, limits: limits, now: .now)
          let channel = FrameChannel(writingTo: fd, outboundLimit: limits.maxOutboundBytesPerClient)
          shared.withLock { $0.clients[id] = Client(fd: fd, channel: channel) }
        }
      }
      for (index, (client, fd)) in watched.enumerated() {
        let events = fds[index + 2].revents
        // A client disconnected above may already have its fd reused by one accepted above: that
        // fd is not this client's any more.
        guard events != 0, state.byClient[client]?.fd == fd else { continue }
        var open = true
        if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
          open = readRequests(of: client, state: &state, buffer: &buffer)
        }
        if open, events & Int16(POLLOUT) != 0 { open = flush(client) }
        if !open { disconnect(client, state: &state, inbox: inbox) }
      }
      enforceDeadlines(state)
      enforcePartialFrameBudget(&state)
      closeLeaving(&state, inbox: inbox)
    }
    shared.withLock { shared in
      for client in shared.clients.values {
        client.channel.close()
        close(client.fd)
      }
      shared.clients.removeAll()
    }
    state.admission.close()
    close(listener)
    shared.withLock { _ in
      close(wakeup.read)
      close(wakeup.write)
    }
    finished.signal()
  }

  /// Posts each client's next slice of requests, as many as keep at most
  /// ``ControlSocketLimits/requestsPerTurn`` of it with the main actor, and the end of a client's
  /// input after its last request.
  private func postTurn(_ state: inout Connections, inbox: MainActorInbox<ControlServerEvent>) {
    for client in state.byClient.keys {
      for event in state.byClient[client]!.nextSlice(limit: limits.requestsPerTurn) {
        inbox.post(event)
      }
      if state.byClient[client]!.takeEndOfInput() { inbox.post(.inputEnded(client: client)) }
    }
  }

  /// `poll`'s timeout until `instant`, or for ever without one.
  private static func millis(until instant: ContinuousClock.Instant?) -> Int32 {
    guard let instant else { return -1 }
    let remaining = instant - .now
    return remaining > .zero ? Int32(clamping: max(1, remaining.milliseconds)) : 0
  }

  /// Drops the clients whose handshake or idle deadline has passed.
  private func enforceDeadlines(_ state: Connections) {
    let now = ContinuousClock.now
    for (client, connection) in state.byClient {
      guard let (deadline, reason) = connection.deadline(limits), deadline <= now else { continue }
      drop(client, reason)
    }
  }

  /// Makes room for a client past the cap by disconnecting the oldest client that has not sent a
  /// frame yet, else the one idle longest if idle for the handshake timeout at least; returns
  /// whether it did.
  private func evictOne(_ state: inout Connections, inbox: MainActorInbox<ControlServerEvent>) -> Bool {
    let silent = state.byClient.filter { !$0.value.completedHandshake }.min { $0.value.connectedAt < $1.value.connectedAt }
    let idleSince = ContinuousClock.now - limits.handshakeTimeout
    let idle = state.byClient.compactMap { client, connection in connection.idleSince.map { (client, $0) } }
      .filter { $0.1 <= idleSince }
      .min { $0.1 < $1.1 }
    guard let victim = silent?.key ?? idle?.0 else { return false }
    log(.info("control client \(victim) evicted to admit a new one: all \(limits.maxConnections) connections were taken", .string("control_client", "\(victim)")))
    disconnect(victim, farewell: .evicted(limit: limits.maxConnections), state: &state, inbox: inbox)
    return true
  }

  /// Disconnects the clients told to close whose replies are written, with the farewell their
  /// input's end left them, and those dropped at once.
  private func closeLeaving(_ state: inout Connections, inbox: MainActorInbox<ControlServerEvent>) {
    let leaving = shared.withLock { shared in
      shared.closing.filter { client, reason in
        reason != nil || (shared.clients[client].map { !$0.wantsWrite } ?? true)
      }
    }
    for (client, reason) in leaving {
      let farewell = reason ?? state.byClient[client]?.end?.farewell
      if let farewell { log(.info("control client \(client) dropped: \(farewell)", .string("control_client", "\(client)"))) }
      disconnect(client, farewell: farewell, state: &state, inbox: inbox)
    }
  }

  /// Reads what a client sent into its backlog; returns `false` once it has gone.
  private func readRequests(of client: Int, state: inout Connections, buffer: inout [UInt8]) -> Bool {
    guard var connection = state.byClient[client] else { return false }
    defer { state.byClient[client] = connection }
    let outcome = connection.reader.read(from: connection.fd, into: &buffer)
    let partial = connection.reader.partialBytes
    state.totalPartialBytes += partial - connection.partialBytes
    connection.partialBytes = partial
    func requests(_ payloads: [ArraySlice<UInt8>]) -> [ControlServerEvent] {
      payloads.map { payload in
        do throws(WireError) {
          return .message(client: client, try ControlRequest(payload: payload))
        } catch {
          // A well-formed object refused for its shape may still have a readable id to answer under.
          return .malformed(client: client, "\(error)", id: error.isMessageLevel ? ControlRequest.id(ofRefused: payload) : nil)
        }
      }
    }
    switch outcome {
    case let .payloads(payloads):
      let events = requests(payloads)
      guard admits(events, of: &connection) else {
        drop(client, .unauthorized)
        return true
      }
      connection.received(events, at: .now)
      return true
    case .wouldBlock:
      return true
    case let .endOfStream(leftover):
      // A client that shut its writing side still reads: it is answered, then hung up on.
      connection.ended(at: .now, farewell: leftover.map { .badFrame("\($0)") })
      return true
    case .failed:
      return false
    case let .broken(error, payloads):
      // A broken frame leaves no way to find the next one: the requests before it are answered,
      // then the client is told why and hung up on.
      let events = requests(payloads)
      guard admits(events, of: &connection) else {
        drop(client, .unauthorized)
        return true
      }
      connection.received(events, at: .now)
      connection.ended(at: .now, farewell: .badFrame("\(error)"))
      return true
    }
  }

  /// Whether a client's requests may reach the main actor: always without a token; with one, once
  /// the client's first message was a `hello` carrying it.
  private func admits(_ events: [ControlServerEvent], of connection: inout ControlConnection) -> Bool {
    guard let token, !connection.isAuthenticated, let first = events.first else { return true }
    guard case let .message(_, .message(.hello(hello))) = first, hello.token == token else { return false }
    connection.isAuthenticated = true
    return true
  }

  /// Drops the client holding the most unfinished request bytes while all of them hold more than
  /// the budget.
  private func enforcePartialFrameBudget(_ state: inout Connections) {
    guard state.totalPartialBytes > limits.partialFrameBudget,
      let (client, connection) = state.byClient.max(by: { $0.value.partialBytes < $1.value.partialBytes })
    else { return }
    drop(client, .unfinishedRequestsOverBudget(held: connection.partialBytes, budget: limits.partialFrameBudget))
    state.totalPartialBytes -= connection.partialBytes
    state.byClient[client]?.partialBytes = 0
  }

  /// Writes what a client's channel holds, then its latest subscription values; returns `false`
  /// once it has gone.
  private func flush(_ client: Int) -> Bool {
    guard let channel = shared.withLock({ $0.clients[client]?.channel }) else { return false }
    switch channel.flush() {
    case .failed: return false
    case .pending: return true
    case .drained: break
    }
    let latest = shared.withLock { $0.clients[client]?.takeLatest() ?? [] }
    for frame in latest where channel.send(frame) == .overLimit {
      drop(client, .repliesUnread(limit: limits.maxOutboundBytesPerClient))
      break
    }
    return true
  }

  private func disconnect(
    _ client: Int,
    farewell: ControlSocketError? = nil,
    state: inout Connections,
    inbox: MainActorInbox<ControlServerEvent>
  ) {
    if let connection = state.byClient.removeValue(forKey: client) {
      state.totalPartialBytes -= connection.partialBytes
      state.admission.release()
    }
    let entry = shared.withLock { shared in
      // Before the removal: a client the I/O thread already dropped may still be asked to close.
      shared.closing[client] = nil
      shared.handled[client] = nil
      return shared.clients.removeValue(forKey: client)
    }
    guard let entry else { return }
    entry.channel.close(farewell: farewell.map { $0.frame })
    close(entry.fd)
    inbox.post(.disconnected(client: client))
  }
}
