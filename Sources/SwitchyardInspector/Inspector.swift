import ComposableArchitecture
import Foundation
import SwitchyardNet
import SwitchyardRuntime
import SwitchyardWire

/// A web page served by the coordinator for people debugging it: pools and workers live, the
/// action stream with the diff each action caused, the state tree with a history slider, each
/// remote effect's life and the failed ones, graphs of the last minutes, and boxes to send an
/// action and to scale a pool.
///
/// ```swift
/// let inspector = try Inspector.start(coordinator, configuration: InspectorConfiguration(address: "127.0.0.1:8080", token: nil))
/// print(inspector.url)
/// await inspector.stop()
/// ```
///
/// ## Threads, and what each may touch
///
/// - **Main actor**: the coordinator's store. While at least one page is connected, the
///   coordinator calls the ``InspectionRecorder`` after each action (an append, a clock read and,
///   without a journal, at most every ``InspectorConfiguration/snapshotInterval``, a retained
///   state), and after each step of a remote effect's life an ``EffectLives`` update; with no
///   page both hooks are removed and an action costs one `nil` check. A ticker, running only while pages
///   are connected, turns the recorded actions into JSON every
///   ``InspectorConfiguration/actionFlushInterval`` and takes the status every
///   ``InspectorConfiguration/statusInterval``.
/// - **Concurrency pool**: a detached task hands each batch to the ``InspectorHub``, which encodes it once
///   and appends it to every page's bounded ``ClientOutbox`` under a lock. Each page's
///   ``InspectorSession`` task answers its requests, hopping to the main actor only to read or
///   change the store; parsing, diffing and encoding large states stay off the main actor.
/// - **The history source's own queue**, with a journal: rebuilding a past state (snapshot plus
///   replay) runs there, one request at a time, so no page can make the main actor wait for it.
/// - **SwitchyardNet's threads**: one accept thread, one thread per HTTP connection, and per
///   WebSocket a reader thread and a writer queue. A page that stops reading fills its outbox and
///   is dropped with close code 1008; nobody ever waits on its socket but its own writer.
@MainActor
public final class Inspector<R: Reducer> where R.State: Codable & Equatable, R.Action: Codable {
  /// Where the page is served, with the token when one is required.
  public let url: String
  /// Reads how many pages are connected, from any thread: what a metrics scrape calls.
  public nonisolated var connectedPages: @Sendable () -> Int {
    { [hub] in hub.clientCount }
  }
  private let server: HTTPServer
  private let hub: InspectorHub
  private let recorder: InspectionRecorder<R>
  private let coordinator: Coordinator<R>
  private let configuration: InspectorConfiguration
  /// What the pages are told history can hold: the in-memory capacity, or 0 for a journal.
  private let historyCapacity: Int
  private var ticker: Task<Void, Never>?
  private var populationWatcher: Task<Void, Never>?

  /// Serves the inspector of `coordinator`; `history` replaces the in-memory history of recent
  /// states when a durable one (a journal) is present, and the inspector then keeps no states;
  /// `whatIf`, built from the application's reducer, lets a page replay an edited action.
  ///
  /// - Throws: ``InspectorError/cannotListen(_:)`` when the address cannot be bound.
  public static func start(
    _ coordinator: Coordinator<R>,
    configuration: InspectorConfiguration,
    history: (any HistorySource)? = nil,
    whatIf: WhatIfReplay? = nil
  ) throws(InspectorError) -> Inspector {
    let (populations, population) = AsyncStream.makeStream(of: Int.self)
    let hub = InspectorHub(configuration: configuration) { population.yield($0) }
    let (source, recent) = historySource(history, capacity: configuration.historyCapacity)
    let recorder = InspectionRecorder(coordinator: coordinator, configuration: configuration, history: recent)
    let endpoints = InspectorEndpoints(
      status: { coordinator.status() },
      currentState: { try recorder.liveState() },
      send: { try coordinator.send(json: $0) },
      scale: { try coordinator.scale([JobKind($0): $1]) },
      history: source,
      historyCapacity: history == nil ? configuration.historyCapacity : 0,
      maxDiffChanges: configuration.maxDiffChanges,
      effects: { recorder.effects.list() },
      effect: { recorder.effects.life($0) },
      whatIf: whatIf
    )
    let server = try InspectorRoutes.serve(
      configuration: configuration,
      session: InspectorSession(hub: hub, endpoints: endpoints)
    )
    let inspector = Inspector(
      coordinator: coordinator,
      configuration: configuration,
      historyCapacity: endpoints.historyCapacity,
      server: server,
      hub: hub,
      recorder: recorder
    )
    coordinator.configuration.logEvent(configuration.servingEvent(port: server.port))
    inspector.populationWatcher = Task { [weak inspector] in
      for await count in populations {
        inspector?.pagesChanged(count)
      }
    }
    return inspector
  }

  /// `journal` when given, as it rebuilds any past state; else recent states the recorder keeps.
  private static func historySource(
    _ journal: (any HistorySource)?,
    capacity: Int
  ) -> (any HistorySource, RecentHistory<R.State>?) {
    if let journal { return (journal, nil) }
    let recent = RecentHistory<R.State>(capacity: capacity)
    return (recent, recent)
  }

  private init(
    coordinator: Coordinator<R>,
    configuration: InspectorConfiguration,
    historyCapacity: Int,
    server: HTTPServer,
    hub: InspectorHub,
    recorder: InspectionRecorder<R>
  ) {
    self.coordinator = coordinator
    self.configuration = configuration
    self.historyCapacity = historyCapacity
    self.server = server
    self.hub = hub
    self.recorder = recorder
    url = configuration.pageURL(port: server.port)
  }

  /// Shows entries in the pages' action stream, after what they hold, from any thread: journal
  /// records that no action the store reduced led to, which the inspector cannot observe (the
  /// `divergenceAccepted` record a `start --accept-divergence` journals before it serves).
  public nonisolated var show: @Sendable ([ActionEntry]) -> Void {
    { [hub] in hub.publish(actions: $0, skipped: 0) }
  }

  /// The port the page is served on.
  public var port: UInt16 {
    server.port
  }

  /// Closes every page with code 1001 and stops serving; the store is no longer observed.
  public func stop() async {
    ticker?.cancel()
    ticker = nil
    populationWatcher?.cancel()
    recorder.stopObserving()
    await server.stop()
  }

  /// Records only while someone watches: the first page starts the recorder and the ticker, the
  /// last one to leave stops them.
  private func pagesChanged(_ count: Int) {
    if count > 0, ticker == nil {
      recorder.startObserving()
      ticker = Task { [weak self] in await self?.tick() }
    } else if count == 0, let ticker {
      ticker.cancel()
      self.ticker = nil
      recorder.stopObserving()
    }
  }

  private func tick() async {
    var lastStatus = ContinuousClock.now
    while !Task.isCancelled {
      try? await Task.sleep(for: configuration.actionFlushInterval)
      let (entries, skipped) = recorder.flush()
      var report: StatusReport?
      if ContinuousClock.now - lastStatus >= configuration.statusInterval {
        report = coordinator.status()
        lastStatus = .now
      }
      let capacity = historyCapacity
      Task.detached { [hub] in
        hub.publish(actions: entries, skipped: skipped)
        if let report {
          hub.broadcast(status: report, historyCapacity: capacity)
        }
      }
    }
  }
}
