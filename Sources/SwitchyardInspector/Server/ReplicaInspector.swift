import SwitchyardNet
import SwitchyardRuntime
import SwitchyardWire
import Synchronization

/// What a standby coordinator (`start --ha --http`) serves where its inspector will be: the
/// inspector's page over the standby's copy, read-only — the replica's state, the actions it copies
/// as they arrive, and every past state its copy of the journal can rebuild — with sends and scales
/// refused, naming the leader.
///
/// Every path but the page's WebSocket answers `503 Service Unavailable` with `Retry-After`, the
/// page included (a browser shows it all the same): a load balancer's health check sends users to
/// the leader. When this coordinator leads, ``stop()`` closes the pages, which connect again, to
/// the inspector of the coordinator it becomes, on the same port.
///
/// Threads: ``show(_:)`` runs on the standby's copying thread and only queues; a task that runs
/// while a page is connected hands the queue to the pages and takes the status, as the leader's
/// inspector's ticker does.
public final class ReplicaInspector: Sendable {
  /// Where the page is served, with the token when one is required.
  public let url: String
  /// The log's line saying where it is served: its address, never the token.
  public let servingEvent: LogEvent
  private let server: HTTPServer
  private let hub: InspectorHub
  private let configuration: InspectorConfiguration
  private let status: @MainActor @Sendable () -> StatusReport
  /// Actions copied and not yet handed to the pages, and how many were left out past the bound.
  private let queued = Mutex<(entries: [ActionEntry], skipped: Int)>(([], 0))
  /// The task that hears the pages come and go, and the ticker that runs while any is connected.
  private let tasks = Mutex<(watcher: Task<Void, Never>?, ticker: Task<Void, Never>?)>((nil, nil))

  /// Serves the page as `configuration` says, for a standby whose status is `status`, whose
  /// replica's state and the sequence number it is at are `state`, whose copy of the journal is
  /// `history`, and whose refusal of a send or scale is `refusal` (``NotLeader``, naming the leader).
  ///
  /// - Throws: ``InspectorError/cannotListen(_:)`` when the address cannot be bound.
  public static func serve(
    configuration: InspectorConfiguration,
    status: @escaping @MainActor @Sendable () -> StatusReport,
    state: @escaping @MainActor @Sendable () throws -> (sequence: UInt64, bytes: [UInt8]),
    history: any HistorySource,
    whatIf: WhatIfReplay? = nil,
    refusal: @escaping @MainActor @Sendable () -> any Error
  ) throws(InspectorError) -> ReplicaInspector {
    let (populations, population) = AsyncStream.makeStream(of: Int.self)
    let hub = InspectorHub(configuration: configuration) { population.yield($0) }
    let endpoints = InspectorEndpoints(
      status: status,
      currentState: state,
      send: { _ in throw refusal() },
      scale: { _, _ in throw refusal() },
      history: history,
      historyCapacity: 0,
      maxDiffChanges: configuration.maxDiffChanges,
      whatIf: whatIf
    )
    let server = try InspectorRoutes.serve(
      configuration: configuration, session: InspectorSession(hub: hub, endpoints: endpoints), standingBy: true
    )
    let inspector = ReplicaInspector(server: server, hub: hub, configuration: configuration, status: status)
    let watcher = Task { [weak inspector] in
      for await count in populations { inspector?.pagesChanged(count) }
    }
    inspector.tasks.withLock { $0.watcher = watcher }
    return inspector
  }

  private init(
    server: HTTPServer, hub: InspectorHub, configuration: InspectorConfiguration, status: @escaping @MainActor @Sendable () -> StatusReport
  ) {
    self.server = server
    self.hub = hub
    self.configuration = configuration
    self.status = status
    url = configuration.pageURL(port: server.port)
    servingEvent = configuration.servingEvent(port: server.port, note: "read-only over this standby's copy until it leads")
  }

  /// The port taken: the inspector of the coordinator this standby becomes serves on it too.
  public var port: UInt16 { server.port }

  /// Whether a page is connected: only then are copied actions worth showing.
  public var isWatched: Bool { hub.clientCount > 0 }

  /// Shows actions the standby copied in the pages' action stream, from any thread.
  public func show(_ entries: [ActionEntry]) {
    let capacity = configuration.recentActionCapacity
    queued.withLock { queued in
      queued.entries.append(contentsOf: entries)
      // A page that is not read keeps the most recent ones, as the leader's inspector does.
      if queued.entries.count > capacity {
        queued.skipped += queued.entries.count - capacity
        queued.entries.removeFirst(queued.entries.count - capacity)
      }
    }
  }

  /// Closes every page with code 1001 and stops serving.
  public func stop() async {
    let (watcher, ticker) = tasks.withLock { $0 }
    watcher?.cancel()
    ticker?.cancel()
    await server.stop()
  }

  /// Runs the ticker only while someone watches.
  private func pagesChanged(_ count: Int) {
    tasks.withLock { tasks in
      if count > 0, tasks.ticker == nil {
        tasks.ticker = Task { [weak self] in await self?.tick() }
      } else if count == 0, let ticker = tasks.ticker {
        ticker.cancel()
        tasks.ticker = nil
        queued.withLock { $0 = ([], 0) }
      }
    }
  }

  private func tick() async {
    var lastStatus = ContinuousClock.now - configuration.statusInterval
    while !Task.isCancelled {
      let (entries, skipped) = queued.withLock { queued in
        defer { queued = ([], 0) }
        return queued
      }
      hub.publish(actions: entries, skipped: skipped)
      if ContinuousClock.now - lastStatus >= configuration.statusInterval {
        let report = await MainActor.run { status() }
        lastStatus = .now
        hub.broadcast(status: report, historyCapacity: 0)
      }
      try? await Task.sleep(for: configuration.actionFlushInterval)
    }
  }
}
