/// One worker as its pool sees it: a process, or a broker standing for workers elsewhere (its
/// link's ``LinkPeer``).
@MainActor
final class WorkerProcess {
  /// Where the worker is in its life, with what supervision needs to know in that phase.
  enum State: Equatable {
    /// Spawned at this instant; has not said `hello` yet, so it gets no effects.
    case starting(since: ContinuousClock.Instant)
    /// Takes effects.
    case ready
    /// Leaving the pool: finishes its effects, takes no new ones, and hands back what it still
    /// runs at this instant.
    case draining(until: ContinuousClock.Instant)
    /// Told to shut down (killed if still running at this instant), or killed; its exit is
    /// expected and not restarted.
    case stopping(killAt: ContinuousClock.Instant?)

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
  var state = State.starting(since: .now)
  /// The connection's read count when supervision last looked: a change means it said something.
  var readsSeen: UInt64 = 0
  /// When the oldest ping it has not answered (nor said anything since) was sent; `nil` when it has
  /// been heard since its last ping. Silence is timed from a ping actually sent, so a main actor
  /// too busy to ping is never mistaken for a silent worker.
  var silentSince: ContinuousClock.Instant?
  /// Whether it has left a ping unanswered for longer than a heartbeat interval: it gets no new
  /// effects until it is heard again, so a hung worker stops collecting them before it is killed.
  var isSuspect = false
  /// When it last answered a ping or sent a heartbeat; `nil` before the first.
  var lastHeartbeat: ContinuousClock.Instant?
  var lastPing = ContinuousClock.now
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
