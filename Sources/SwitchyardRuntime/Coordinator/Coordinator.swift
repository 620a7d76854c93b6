#if canImport(Glibc)
import Glibc
#endif
import ComposableArchitecture
import Foundation
import SwitchyardWire

/// The coordinator process of a Switchyard application: owns the ``ComposableArchitecture/Store``
/// and its reducer on the main actor, runs remote effects on supervised pools of worker processes,
/// and serves the control socket.
///
/// ```swift
/// let coordinator = Coordinator(
///   configuration: CoordinatorConfiguration(pools: [PoolConfiguration(kind: "search", size: 4)]),
///   initialState: AppFeature.State(),
///   reducer: AppFeature()
/// )
/// coordinator.handleTerminationSignals()
/// try coordinator.start()
/// await coordinator.runUntilTerminated()
/// ```
///
/// The runtime knows nothing of the reducer beyond `Codable` state (for `state` and `subscribe`)
/// and `Decodable` actions (for `send`). Its effects reach the pools through
/// `@Dependency(\.jobExecutor)`, which the coordinator sets for its store.
@MainActor
public final class Coordinator<R: Reducer> where R.State: Codable & Equatable, R.Action: Decodable {
  /// The store running the application's reducer.
  public let store: StoreOf<R>
  /// How this coordinator runs.
  public let configuration: CoordinatorConfiguration
  /// Where the store's actions are journaled, if anywhere: shown in status, and waited for before
  /// a `send` is answered when it makes senders wait for the disk. Set it before ``start()``.
  public var actionLog: (any ActionLog)? {
    didSet {
      observation.log = actionLog
      if let metrics = runtime.metrics, let publish = actionLog?.metrics(in: metrics.registry) { metrics.observeLog(publish) }
    }
  }

  /// The actions clients may send; the control socket and ``send(json:)`` refuse the rest with
  /// ``ClientActionError`` before they reach the reducer.
  public var clientActions: ClientActions<R.Action> = .all
  /// Where this coordinator stands among those sharing its journal (`start --ha`), for `status`.
  public var highAvailability: (@Sendable () -> HighAvailabilityReport)?

  let runtime: EffectRouter
  let tap: ActionTap
  /// What a client's action is sent with, when the root reducer asks to know (a journal's does).
  let clientMetadata: (any ClientActionMetadata.Type)?
  let observation: ActionObservation<R.State, R.Action>
  private let startedAt = ContinuousClock.now
  private var runDirectory: RunDirectory?
  private var control: ControlService?
  private var publication = StatePublication<R.State>()
  private var shutdownTask: Task<Void, Never>?
  /// The state's encoded size and how many actions had been reduced when it was measured: state
  /// changes only by actions, so `status` re-encodes it only after one.
  private var measuredState: (actions: UInt64, bytes: Int)?
  private var terminationSignals: TerminationSignals?

  /// Creates a coordinator; nothing starts until ``start()``.
  ///
  /// `prepareDependencies` overrides the store's dependencies, as in `Store.init`; the job executor
  /// is the coordinator's own.
  public init(
    configuration: CoordinatorConfiguration,
    initialState: R.State,
    reducer: R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    let runtime = EffectRouter(
      pools: configuration.pools,
      launch: configuration.workerLaunch,
      log: configuration.logEvent,
      maxFrameLength: configuration.maxFrameLength,
      tickInterval: configuration.tickInterval
    )
    runtime.transports = configuration.transports
    let tap = ActionTap()
    let observation = ActionObservation<R.State, R.Action>()
    self.configuration = configuration
    self.observation = observation
    self.runtime = runtime
    self.tap = tap
    self.clientMetadata = R.self as? any ClientActionMetadata.Type
    // The application's reducer stays a reducer of the store's builder, not a call inside a
    // closure, so the store builds its body once rather than on every action.
    self.store = Store(initialState: initialState) {
      reducer
    } withDependencies: {
      prepareDependencies?(&$0)
      $0.jobExecutor = PoolJobExecutor(runtime: runtime)
      (reducer as? any StoreDependencyPreparing)?.prepare(&$0)
    }
    // A hook rather than a second reducer in the tree: composing one cost generic metadata lookups
    // on every action.
    let actionCounter = configuration.metrics.map { ActionCaseCounter<R.Action>(registry: $0) }
    let slowWatch = configuration.slowReduction.map {
      SlowReductionWatch<R.Action>(threshold: $0, registry: configuration.metrics, log: configuration.logEvent)
    }
    if let slowWatch { store.onWillReduce { slowWatch.willReduce() } }
    store.onReduce { action, state in
      tap.didReduce()
      actionCounter?.count(action)
      slowWatch?.didReduce(action, sequence: observation.sequence(counted: tap.total))
      observation.didReduce(counted: tap.total, action: action, state: state)
    }
    if let registry = configuration.metrics {
      runtime.metrics = RuntimeMetrics(registry: registry, router: runtime)
      runtime.metrics?.observeActions { actionCounter?.publish() }
    }
    // Weak: the store's dependencies hold the runtime, through its job executor.
    runtime.deliver = { [weak store] body in
      guard let store else { return body() }
      store.withDependencies(body)
    }
  }

  /// How the workers of pools without a transport of their own are started and spoken to: a test
  /// wraps it before ``start()`` to see every worker the coordinator starts.
  package var workerTransport: any WorkerTransport {
    get { runtime.transport }
    set { runtime.transport = newValue }
  }

  /// Claims the run directory, opens the control socket and spawns the worker pools.
  ///
  /// Throws when another coordinator runs in the same directory; a socket left by a dead one is
  /// removed.
  public func start() throws(CoordinatorError) {
    // A dead worker or client shows up as EPIPE on write, handled where it happens.
    signal(SIGPIPE, SIG_IGN)
    let directory = try RunDirectory.claim(configuration.runDirectory)
    if configuration.servesControlSocket {
      let control = ControlService(endpoints: endpoints)
      do {
        try control.start(socketPath: directory.socketPath, limits: configuration.controlLimits, log: configuration.logEvent)
        if let port = configuration.controlPort {
          try control.serve(port, limits: configuration.controlLimits, log: configuration.logEvent)
        }
      } catch {
        control.stop()
        directory.release()
        throw error
      }
      self.control = control
      runtime.metrics?.observeControlConnections { [weak self] in self?.control?.clientCount ?? 0 }
      // Only subscribers need to hear of changes; without a control socket an action skips the call.
      tap.onReduce = { [weak self] in self?.stateMayHaveChanged() }
    }
    runDirectory = directory
    runtime.start()
    tap.startSampling()
  }

  /// The executor that runs jobs on this coordinator's pools: what its store's effects use, and
  /// what a benchmark or a tool can call to run a job without a reducer.
  public var jobExecutor: any JobExecutor {
    PoolJobExecutor(runtime: runtime)
  }

  /// How many times worker I/O threads woke the main actor, and how many batches of frames those
  /// wakes carried: what the benchmarks report of cross-thread wakes.
  package var workerWakeStatistics: (wakes: Int, batches: Int) {
    let statistics = runtime.inbox.statistics
    return (statistics.wakes, statistics.events)
  }

  /// The path of the control socket, once started.
  public var socketPath: String? {
    runDirectory?.socketPath
  }

  /// The coordinator's, pools' and workers' status, as `switchyard status` shows it.
  public func status() -> StatusReport {
    StatusReport(
      coordinator: CoordinatorStatus(
        pid: getpid(),
        version: configuration.version,
        runDir: runDirectory?.absolutePath ?? configuration.runDirectory,
        uptimeSeconds: Double((ContinuousClock.now - startedAt).milliseconds) / 1_000,
        stateBytes: stateBytes(),
        actionsTotal: tap.total,
        actionsPerSecond: tap.perSecond,
        controlAddress: configuration.controlPort?.url
      ),
      pools: runtime.poolStatuses(),
      workers: runtime.workerStatuses(),
      journal: actionLog?.report(),
      highAvailability: highAvailability?()
    )
  }

  private func stateBytes() -> Int {
    if let measuredState, measuredState.actions == tap.total { return measuredState.bytes }
    let bytes = (try? WireJSONEncoder().encode(store.state).count) ?? 0
    measuredState = (tap.total, bytes)
    return bytes
  }

  /// Resizes pools: growing spawns workers, shrinking drains the least loaded ones. Scaling a
  /// failed pool revives it.
  public func scale(_ sizes: [JobKind: Int]) throws(CoordinatorError) {
    for (kind, size) in sizes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      try runtime.scale(kind, to: size)
    }
  }

  /// Shuts down: stops taking actions, cancels running effects, tells workers to shut down, kills
  /// those still running after the grace period, closes and removes the socket.
  public func shutdown() async {
    if let shutdownTask { return await shutdownTask.value }
    let task = Task {
      control?.stopIntake()
      await runtime.shutdown(grace: configuration.shutdownGrace)
      control?.stop()
      control = nil
      tap.stopSampling()
      runDirectory?.release()
      runDirectory = nil
    }
    shutdownTask = task
    await task.value
  }

  /// Catches `SIGINT` and `SIGTERM` from now on, for ``runUntilTerminated()``.
  ///
  /// Call it before ``start()``: a signal that arrives once the socket is open then still shuts
  /// down in order, instead of killing the process or being discarded.
  public func handleTerminationSignals() {
    guard terminationSignals == nil else { return }
    terminationSignals = TerminationSignals()
  }

  /// Catches `SIGINT` and `SIGTERM` through `signals`, caught since before this coordinator
  /// existed: a standby that became it hands on what arrived meanwhile.
  package func handleTerminationSignals(from signals: TerminationSignals) {
    guard terminationSignals == nil else { return }
    terminationSignals = signals
  }

  /// Runs until `SIGINT` or `SIGTERM`, then calls `beforeShutdown` and shuts down gracefully.
  ///
  /// `beforeShutdown` may send the store actions that end long-lived effects, which then end as
  /// cancelled rather than stopped by the shutdown. A second signal during the shutdown ends the
  /// process at once, as a crash would (Ctrl-C twice when draining takes too long); the journal and
  /// its recovery are made for exactly that.
  public func runUntilTerminated(beforeShutdown: () -> Void = {}) async {
    handleTerminationSignals()
    guard let signals = terminationSignals else { return }
    for await number in signals.received {
      configuration.logEvent(.info("received signal \(number); shutting down (send it again to stop at once)"))
      break
    }
    let again = TerminationSignals()
    let forcing = Task.detached { [log = configuration.logEvent] in
      for await number in again.received {
        log(.info("received signal \(number) again; stopping at once"))
        exit(128 + number)
      }
    }
    beforeShutdown()
    await shutdown()
    again.finish()
    forcing.cancel()
    signals.finish()
    terminationSignals = nil
  }

  private var endpoints: ControlEndpoints {
    ControlEndpoints(
      pid: getpid(),
      status: { [unowned self] in status() },
      state: { [unowned self] in try RawJSON(encoding: store.state) },
      send: { [unowned self] json in
        // The action is reduced first, before any its reduction sends: its record is the next.
        let before = actionLog?.lastActionSequence
        try send(clientJSON: json)
        guard let before, let after = actionLog?.lastActionSequence, after > before else { return nil }
        return before + 1
      },
      acknowledge: { [unowned self] acknowledge in
        guard let actionLog else { return acknowledge(nil) }
        actionLog.whenAcknowledgeable(acknowledge)
      },
      scale: { [unowned self] pools in
        try scale(Dictionary(uniqueKeysWithValues: pools.map { (JobKind($0.key), $0.value) }))
        return Dictionary(uniqueKeysWithValues: configurationTargets())
      }
    )
  }

  /// Decodes an action a client sent, refusing one the application does not take from clients.
  func clientAction(_ json: RawJSON) throws -> R.Action {
    if let refusal = actionLog?.refusal { throw ActionRefusal.journalUnavailable(refusal) }
    let action = try ActionDecoding.decode(R.Action.self, from: json)
    guard clientActions.accepts(action) else { throw ClientActionError.notFromClients(path: ActionPath.of(json.value)) }
    return action
  }

  private func configurationTargets() -> [(String, Int)] {
    runtime.supervisors.values.map { ($0.kind.rawValue, $0.configuration.size) }
  }

  /// Publishes state to subscribers once per burst of actions, never more often than every 5 ms, nor
  /// than ``StatePublication`` spaces them by what encoding the state costs.
  private func stateMayHaveChanged() {
    guard let control, control.hasSubscribers, !publication.isScheduled else { return }
    publication.isScheduled = true
    let delay = publication.delayBeforeNext()
    Task { [weak self] in
      if delay > .zero { try? await Task.sleep(for: delay) }
      self?.publishState()
    }
  }

  private func publishState() {
    publication.isScheduled = false
    guard let control else { return }
    let state = store.state
    guard publication.shouldPublish(state) else { return }
    do {
      let clock = ContinuousClock()
      let started = clock.now
      let json = try RawJSON(encoding: state)
      publication.published(cost: started.duration(to: clock.now))
      control.publish(json)
    } catch {
      configuration.logEvent(.error("the state does not encode as JSON, so subscribers get no updates: \(error)"))
    }
  }
}
