/// One worker as its pool sees it: a process, or a broker standing for workers elsewhere (its
/// link's ``LinkPeer``).
@MainActor
final class WorkerProcess {
  /// Where the worker is in its life, with what supervision needs to know in that phase.
  enum State: Equatable {
    /// Spawned at this instant; has not said `hello` yet, so it gets no effects.
    case starting(since: ContinuousClock.Instant, WorkerLiveness)
    /// Takes effects, unless it is suspect: it has left a ping unanswered for longer than a
    /// heartbeat interval, so it gets no new effects until it is heard again, and a hung worker
    /// stops collecting them before it is killed.
    case ready(WorkerLiveness, isSuspect: Bool)
    /// Leaving the pool: finishes its effects, takes no new ones, and hands back what it still
    /// runs at this instant.
    case draining(until: ContinuousClock.Instant, WorkerLiveness)
    /// Told to shut down (killed if still running at this instant), or killed; its exit is
    /// expected and not restarted, and it is no longer watched.
    case stopping(killAt: ContinuousClock.Instant?)

    /// A worker just spawned, watched from `now`.
    static func started(at now: ContinuousClock.Instant) -> State {
      .starting(since: now, WorkerLiveness(lastPing: now))
    }

    /// What supervision knows of the worker while it watches it; `nil` once it is stopping.
    /// Setting it while stopping does nothing.
    var liveness: WorkerLiveness? {
      get {
        switch self {
        case let .starting(_, liveness), let .ready(liveness, _), let .draining(_, liveness): liveness
        case .stopping: nil
        }
      }
      set {
        guard let newValue else { return }
        switch self {
        case let .starting(since, _): self = .starting(since: since, newValue)
        case let .ready(_, isSuspect): self = .ready(newValue, isSuspect: isSuspect)
        case let .draining(until, _): self = .draining(until: until, newValue)
        case .stopping: break
        }
      }
    }

    var isReady: Bool {
      if case .ready = self { return true }
      return false
    }

    var isSuspect: Bool {
      if case .ready(_, isSuspect: true) = self { return true }
      return false
    }

    /// The state's name in status: `starting`, `ready`, `draining` or `stopped`.
    var name: String {
      switch self {
      case .starting: "starting"
      case .ready: "ready"
      case .draining: "draining"
      case .stopping: "stopped"
      }
    }

    /// Starting or ready: serving now or about to.
    var isActive: Bool {
      switch self {
      case .starting, .ready: true
      case .draining, .stopping: false
      }
    }

    var isStarting: Bool {
      if case .starting = self { return true }
      return false
    }

    var isDraining: Bool {
      if case .draining = self { return true }
      return false
    }

    var isStopping: Bool {
      if case .stopping = self { return true }
      return false
    }
  }

  let id: Int
  let kind: JobKind
  let link: any WorkerLink
  var state = State.started(at: .now)
  /// Effects that ended while it ran them, by outcome.
  var completed: Int64 = 0
  var failed: Int64 = 0
  /// The counters of its latest heartbeat.
  var counters: [String: Int64] = [:]
  /// Commands gathered for it in this main-actor turn (see ``OutgoingCommands``).
  ///
  /// `@exclusivity(unchecked)`: appended to for every command sent, only by ``OutgoingCommands``,
  /// whose appends call nothing that could reach it again.
  @exclusivity(unchecked) var outgoing = OutboundBatch()
  /// Why the coordinator killed it, for the log line when it exits.
  var killReason: String?

  /// What its link reaches: a process, or a broker.
  let peer: LinkPeer

  init(id: Int, kind: JobKind, link: any WorkerLink) {
    self.id = id
    self.kind = kind
    self.link = link
    self.peer = link.peer
  }

  /// Kills the worker with `SIGKILL` (a broker's link closes); its link then reports the exit.
  func kill(because reason: String) {
    if killReason == nil { killReason = reason }
    link.kill()
  }
}
