import Synchronization
import SwitchyardNet
import SwitchyardWire

/// The pages connected to an inspector, and the recent actions a newly opened page is shown.
///
/// Shared by the main actor, which publishes, and the pages' tasks, which join and leave; its lock
/// is held only to append to queues, so publishing never waits on a page.
final class InspectorHub: Sendable {
  private struct State {
    var clients: [Int: ClientOutbox] = [:]
    var nextID = 0
    var recentActions: [ActionEntry] = []
    var dropped = 0
  }

  /// The graphs' recent samples, which a newly opened page draws from.
  let samples: StatusSamples
  /// How much each page may leave unread.
  let limits: ClientOutbox.Limits
  private let recentActionCapacity: Int
  private let state = Mutex(State())
  /// Told the number of pages whenever it changes, so the coordinator records only while watched.
  private let populationChanged: @Sendable (Int) -> Void

  init(
    limits: ClientOutbox.Limits,
    recentActionCapacity: Int,
    sampleCapacity: Int = 600,
    populationChanged: @escaping @Sendable (Int) -> Void
  ) {
    self.samples = StatusSamples(capacity: sampleCapacity)
    self.limits = limits
    self.recentActionCapacity = recentActionCapacity
    self.populationChanged = populationChanged
  }

  /// A hub bounded as `configuration` says, the leader's inspector's or a standby's.
  convenience init(configuration: InspectorConfiguration, populationChanged: @escaping @Sendable (Int) -> Void) {
    self.init(
      limits: ClientOutbox.Limits(messages: configuration.clientQueueLimit, bytes: configuration.clientQueueBytes),
      recentActionCapacity: configuration.recentActionCapacity,
      sampleCapacity: configuration.graphSamples,
      populationChanged: populationChanged
    )
  }

  /// How many pages are connected.
  var clientCount: Int {
    state.withLock { $0.clients.count }
  }

  /// How many pages have been dropped for falling behind.
  var droppedCount: Int {
    state.withLock { $0.dropped }
  }

  /// The actions a newly opened page starts from, oldest first.
  var recentActions: [ActionEntry] {
    state.withLock { $0.recentActions }
  }

  /// Adds a page; its outbox is what the hub sends it.
  func join(_ connection: WebSocketConnection) -> ClientOutbox {
    let (outbox, count) = state.withLock { state in
      state.nextID += 1
      let outbox = ClientOutbox(id: state.nextID, connection: connection, limits: limits)
      state.clients[outbox.id] = outbox
      return (outbox, state.clients.count)
    }
    populationChanged(count)
    return outbox
  }

  /// Removes a page whose connection ended.
  func leave(_ outbox: ClientOutbox) {
    outbox.finish()
    let count = state.withLock { state -> Int? in
      guard state.clients.removeValue(forKey: outbox.id) != nil else { return nil }
      return state.clients.count
    }
    if let count { populationChanged(count) }
  }

  /// Remembers `entries` for pages yet to open, and sends them to every page as one message.
  func publish(actions entries: [ActionEntry], skipped: Int) {
    guard !entries.isEmpty || skipped > 0 else { return }
    state.withLock { state in
      state.recentActions.append(contentsOf: entries)
      if state.recentActions.count > recentActionCapacity {
        state.recentActions.removeFirst(state.recentActions.count - recentActionCapacity)
      }
    }
    broadcast(InspectorMessage.actions(entries, skipped: skipped).bytes)
  }

  /// Sends every page `report`, and the graphs' point taken from it.
  func broadcast(status report: StatusReport, historyCapacity: Int) {
    broadcast(InspectorMessage.status(report, clients: clientCount, historyCapacity: historyCapacity).bytes)
    broadcast(InspectorMessage.samples([samples.record(report)]).bytes)
  }

  /// Queues `bytes` for every page, dropping those that have fallen too far behind.
  func broadcast(_ bytes: [UInt8]) {
    let count = state.withLock { state -> Int? in
      let slow = state.clients.values.filter { !$0.enqueue(bytes) }
      guard !slow.isEmpty else { return nil }
      for outbox in slow {
        state.clients[outbox.id] = nil
      }
      state.dropped += slow.count
      return state.clients.count
    }
    if let count { populationChanged(count) }
  }
}
