import SwitchyardWire

/// Answers control clients on the main actor: status, state slices, subscriptions, actions and
/// scaling, through the ``ControlEndpoints`` a ``Coordinator`` provides.
@MainActor
final class ControlService {
  private struct Subscription {
    let path: String
    var last: JSONValue?
  }

  private let endpoints: ControlEndpoints
  /// The run directory's socket, then the TCP listener if there is one.
  private var servers: [ControlServer] = []
  private var subscriptions: [Int: [UInt64: Subscription]] = [:]
  /// How many `sent` replies each client waits for from the journal.
  private var unacknowledged: [Int: Int] = [:]
  /// Clients whose input ended, to hang up on once their last `sent` is written.
  private var ending: Set<Int> = []
  private var acceptsActions = true

  init(endpoints: ControlEndpoints) {
    self.endpoints = endpoints
  }

  /// Serves the socket at `socketPath`.
  func start(socketPath: String, limits: ControlSocketLimits, log: @escaping @Sendable (LogEvent) -> Void) throws(CoordinatorError) {
    try serve(.unix(path: socketPath), limits: limits, log: log)
  }

  /// Serves `port` too (`start --control-listen`), admitting clients whose `hello` carries its
  /// token when it has one; the port stays open after ``stop()``.
  func serve(_ port: ControlPort, limits: ControlSocketLimits, log: @escaping @Sendable (LogEvent) -> Void) throws(CoordinatorError) {
    try serve(port.listener(), limits: limits, log: log)
    // The port taken, for port 0, is found nowhere else.
    log(.info("control protocol served at \(port.url)", .string("control_listen", port.url)))
  }

  private func serve(_ listener: ControlListener, limits: ControlSocketLimits, log: @escaping @Sendable (LogEvent) -> Void) throws(CoordinatorError) {
    servers.append(
      try ControlServer(listener: listener, limits: limits, log: log) { [weak self] events in
        self?.handle(events)
      })
  }

  /// The server `client` connected through: the one whose first client number is the highest not above it.
  private func server(of client: Int) -> ControlServer? {
    servers.last { $0.firstClient <= client }
  }

  /// Refuses further actions, as the first step of shutting down.
  func stopIntake() {
    acceptsActions = false
  }

  /// Disconnects every client and closes the socket.
  func stop() {
    for server in servers { server.stop() }
    servers.removeAll()
    subscriptions.removeAll()
  }

  /// How many clients are connected.
  var clientCount: Int {
    servers.reduce(0) { $0 + $1.clientCount }
  }

  /// Whether any client subscribes to state, so the coordinator encodes state only when needed.
  var hasSubscribers: Bool {
    subscriptions.values.contains { !$0.isEmpty }
  }

  /// Sends each subscription whose slice of `state` changed since its last value; only the
  /// subscribed slices are built as values, from the state's one parse, each path's once, so
  /// subscriptions to one path share its value's storage.
  func publish(_ state: RawJSON) {
    var slices: [String: JSONValue] = [:]
    for (client, clientSubscriptions) in subscriptions {
      guard let server = server(of: client) else { continue }
      for (id, subscription) in clientSubscriptions {
        let slice = slices[subscription.path] ?? state[dottedPath: subscription.path]?.value ?? .null
        slices[subscription.path] = slice
        guard slice != subscription.last else { continue }
        subscriptions[client]?[id]?.last = slice
        publish(.stateChanged(id: id, path: subscription.path, value: slice), subscription: id, to: client, through: server)
      }
    }
  }

  /// Queues a subscription's value, ending the subscription if the value is too large to send.
  private func publish(_ message: ControlMessage, subscription id: UInt64, to client: Int, through server: ControlServer) {
    do {
      try server.publish(message, subscription: id, to: client)
    } catch {
      // The client was told, with a tooLarge error naming the subscription.
      subscriptions[client]?[id] = nil
    }
  }

  private func handle(_ events: [ControlServerEvent]) {
    for event in events {
      switch event {
      case let .message(client, message):
        handle(message, from: client)
      case let .malformed(client, reason, id):
        reply(.error(id: id, code: .badRequest, message: "Could not read that message: \(reason)"), to: client)
      case let .inputEnded(client):
        if unacknowledged[client, default: 0] == 0 {
          server(of: client)?.hangUp(client)
        } else {
          ending.insert(client)
        }
      case let .disconnected(client):
        subscriptions[client] = nil
        unacknowledged[client] = nil
        ending.remove(client)
      }
    }
  }

  private func handle(_ request: ControlRequest, from client: Int) {
    switch request {
    case let .send(id, action):
      send(action, id: id, from: client)
    case let .message(message):
      handle(message, from: client)
    }
  }

  private func send(_ action: RawJSON, id: UInt64, from client: Int) {
    guard acceptsActions else {
      return reply(.error(id: id, code: .shuttingDown, message: "The coordinator is shutting down."), to: client)
    }
    let sequence: UInt64?
    do {
      sequence = try endpoints.send(action)
    } catch let refusal as ActionRefusal {
      return reply(.error(id: id, code: .journalFailed, message: "\(refusal)"), to: client)
    } catch let refusal as NotLeader {
      return reply(.error(id: id, code: .notLeader, message: "\(refusal)"), to: client)
    } catch let error as ClientActionError {
      return reply(.error(id: id, code: .actionRefused, message: "\(error)"), to: client)
    } catch {
      return reply(.error(id: id, code: .invalidAction, message: "\(error)"), to: client)
    }
    unacknowledged[client, default: 0] += 1
    endpoints.acknowledge { [weak self] failure in
      self?.reply(failure.map { .error(id: id, code: .journalFailed, message: $0) } ?? .sent(id: id, sequence: sequence), to: client)
      self?.acknowledged(client)
    }
  }

  /// Counts a `sent` (or its error) written to `client`, hanging up once the last one is if the
  /// client's input has ended.
  private func acknowledged(_ client: Int) {
    guard let waiting = unacknowledged[client] else { return }
    guard waiting <= 1 else {
      unacknowledged[client] = waiting - 1
      return
    }
    unacknowledged[client] = nil
    if ending.remove(client) != nil { server(of: client)?.hangUp(client) }
  }

  private func handle(_ message: ControlMessage, from client: Int) {
    switch message {
    case let .hello(hello):
      guard ProtocolVersion.isWellFormed(hello.version) else {
        let message = "The hello's version '\(hello.version)' is not MAJOR.MINOR; send the version your client speaks, such as \(ProtocolVersion.current)."
        return reply(.error(id: nil, code: .badRequest, message: message), to: client)
      }
      guard ProtocolVersion.isCompatible(hello.version) else {
        let mismatch = WireError.versionMismatch(local: ProtocolVersion.current, remote: hello.version)
        reply(.error(id: nil, code: .versionMismatch, message: "\(mismatch)"), to: client)
        server(of: client)?.hangUp(client)
        return
      }
      reply(.hello(Hello(role: "coordinator", pid: endpoints.pid, capabilities: ["subscribe"])), to: client)
    case let .status(id):
      reply(.statusReport(id: id, report: endpoints.status()), to: client)
    case let .state(id, path):
      do {
        guard let slice = try endpoints.state()[dottedPath: path]?.value else {
          return reply(.error(id: id, code: .unknownPath, message: "The state has nothing at '\(path)'."), to: client)
        }
        reply(.stateSlice(id: id, path: path, value: slice), to: client)
      } catch {
        reply(.error(id: id, code: .`internal`, message: "\(error)"), to: client)
      }
    case let .subscribe(id, path):
      subscribe(id: id, to: path, from: client)
    case let .unsubscribe(id):
      guard subscriptions[client]?.removeValue(forKey: id) != nil else {
        return reply(.error(id: id, code: .notSubscribed, message: "No subscription has id \(id)."), to: client)
      }
      server(of: client)?.dropSubscription(id, of: client)
      reply(.unsubscribed(id: id), to: client)
    case let .send(id, action):
      send(RawJSON(action), id: id, from: client)
    case let .scale(id, pools):
      do {
        reply(.scaled(id: id, pools: try endpoints.scale(pools)), to: client)
      } catch let refusal as NotLeader {
        reply(.error(id: id, code: .notLeader, message: "\(refusal)"), to: client)
      } catch let error as CoordinatorError {
        guard case .unknownPool = error else {
          return reply(.error(id: id, code: .badRequest, message: "\(error)"), to: client)
        }
        reply(.error(id: id, code: .unknownPool, message: "\(error)"), to: client)
      } catch {
        reply(.error(id: id, code: .`internal`, message: "\(error)"), to: client)
      }
    default:
      reply(
        .error(id: message.id, code: .badRequest, message: "'\(message.typeName)' is a reply, not a request."),
        to: client
      )
    }
  }

  /// Subscribes `client` to `path` under `id`, within its limit of subscriptions and one per path;
  /// a subscription under an id already used is replaced.
  private func subscribe(id: UInt64, to path: String, from client: Int) {
    guard let server = server(of: client) else { return }
    let held = subscriptions[client, default: [:]]
    if let (other, _) = held.first(where: { $0.value.path == path && $0.key != id }) {
      let message = "This connection already subscribes to '\(path)' as subscription \(other); read its updates, or unsubscribe it first."
      return reply(.error(id: id, code: .alreadySubscribed, message: message), to: client)
    }
    let limit = server.limits.maxSubscriptionsPerClient
    guard held[id] != nil || held.count < limit else {
      let message = "This connection holds \(limit) subscriptions, as many as one may; unsubscribe one, or subscribe to a path that covers several."
      return reply(.error(id: id, code: .tooManySubscriptions, message: message), to: client)
    }
    do {
      let slice = try endpoints.state()[dottedPath: path]?.value ?? .null
      subscriptions[client, default: [:]][id] = Subscription(path: path, last: slice)
      publish(.stateChanged(id: id, path: path, value: slice), subscription: id, to: client, through: server)
    } catch {
      reply(.error(id: id, code: .`internal`, message: "\(error)"), to: client)
    }
  }

  private func reply(_ message: ControlMessage, to client: Int) {
    server(of: client)?.send(message, to: client)
  }
}
