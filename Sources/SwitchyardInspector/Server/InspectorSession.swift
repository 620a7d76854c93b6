import SwitchyardNet
import SwitchyardWire

/// Serves one page's WebSocket: the live messages through its outbox, and answers to its requests.
///
/// Runs as the WebSocket route's task, off the main actor; it hops there only to read or change
/// the store, one request at a time, so a page cannot queue work on the coordinator faster than
/// the coordinator answers it. Parsing, diffing and encoding big states happen here.
struct InspectorSession: Sendable {
  let hub: InspectorHub
  let endpoints: InspectorEndpoints

  func serve(_ connection: WebSocketConnection) async {
    let outbox = hub.join(connection)
    defer { hub.leave(outbox) }
    outbox.enqueue(InspectorMessage.actions(hub.recentActions, skipped: 0).bytes)
    outbox.enqueue(await statusMessage().bytes)
    outbox.enqueue(InspectorMessage.samples(hub.samples.all).bytes)
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await outbox.run() }
      do {
        for try await message in connection.messages {
          // Requests a page left behind are not answered: each may replay the journal, and a page
          // that sent thousands and went would keep the coordinator busy for nobody.
          guard outbox.isOpen, connection.isOpen else { break }
          guard case let .text(text) = message else {
            outbox.enqueue(InspectorMessage.error(id: nil, message: "Requests are JSON text messages, not binary.").bytes)
            continue
          }
          for reply in await respond(to: text) {
            outbox.enqueue(bytes(of: reply))
          }
        }
      } catch {
        // The page broke the protocol or went away; the connection already told it with a close code.
      }
      outbox.finish()
    }
  }

  /// The messages that answer one request: the reply, and for a scale the new status.
  func respond(to text: String) async -> [InspectorMessage] {
    let (id, parsed) = InspectorRequest.parse(text)
    let request: InspectorRequest
    switch parsed {
    case let .success(value): request = value
    case let .failure(error): return [.error(id: id, message: error.description)]
    }
    do {
      switch request {
      case let .state(sequence):
        guard let sequence else {
          let (current, json) = try await MainActor.run { try endpoints.currentState() }
          return [.liveState(id: id, sequence: current, json: json)]
        }
        return [.state(id: id, try await historicState(atOrBefore: sequence), live: false)]
      case let .diff(from, to):
        let before = try await historicState(atOrBefore: from)
        let after = try await historicState(atOrBefore: to)
        return [.diff(id: id, from: before.sequence, to: after.sequence, action: nil, diff(before, after))]
      case let .actionDiff(sequence):
        return [try await actionDiff(id: id, sequence: sequence)]
      case .history:
        return [.history(id: id, try await endpoints.history.retained())]
      case let .send(text):
        let action = try ActionText.parse(text)
        try await MainActor.run { try endpoints.send(action) }
        return [.done(id: id, request: "send")]
      case let .scale(pool, size):
        try await MainActor.run { try endpoints.scale(pool, size) }
        return [.done(id: id, request: "scale"), await statusMessage()]
      case .effects:
        let (recent, failed) = await MainActor.run { endpoints.effects() }
        return [.effects(id: id, recent: recent, failed: failed)]
      case let .effect(effect):
        guard let life = await MainActor.run(body: { endpoints.effect(effect) }) else {
          throw InspectorHistoryError.effectForgotten(effect)
        }
        return [.effect(id: id, life)]
      case let .whatIf(sequence, text, through, seen):
        return [try await whatIf(id: id, sequence: sequence, text: text, through: through, seen: seen)]
      }
    } catch {
      return [.error(id: id, message: "\(error)")]
    }
  }

  /// A reply's bytes, or an error in their place when they are more than a page may leave unread:
  /// queued, they would have the page dropped as too slow at the next live message.
  private func bytes(of reply: InspectorMessage) -> [UInt8] {
    let bytes = reply.bytes
    let limit = hub.limits.bytes
    guard bytes.count > limit else { return bytes }
    let message = "The reply is \(bytes.count) bytes, more than the \(limit) a page may have unread, so it was not sent; "
      + "a state this large is read in parts with 'switchyard status --state PATH'."
    return InspectorMessage.error(id: reply.requestID, message: message).bytes
  }

  private func statusMessage() async -> InspectorMessage {
    let report = await MainActor.run { endpoints.status() }
    return .status(report, clients: hub.clientCount, historyCapacity: endpoints.historyCapacity)
  }

  private func currentState() async throws -> HistoricState {
    let (sequence, bytes) = try await MainActor.run { try endpoints.currentState() }
    return HistoricState(sequence: sequence, state: try WireJSONDecoder().parse(bytes))
  }

  private func historicState(atOrBefore sequence: UInt64) async throws -> HistoricState {
    guard let historic = try await endpoints.history.state(atOrBefore: sequence) else {
      let oldest = try await endpoints.history.retained().oldest
      throw InspectorHistoryError.tooOld(sequence: sequence, oldest: oldest)
    }
    return historic
  }

  /// The state before the action against the first state history kept from it on (the live
  /// state if none yet): exact with a journal, or when every state is kept; a span of actions
  /// under a flood.
  private func actionDiff(id: Int64?, sequence: UInt64) async throws -> InspectorMessage {
    guard sequence > 0 else { throw InspectorHistoryError.tooOld(sequence: 0, oldest: nil) }
    let before = try await historicState(atOrBefore: sequence - 1)
    let after: HistoricState
    if let next = try await endpoints.history.retained().first(atOrAfter: sequence) {
      after = try await historicState(atOrBefore: next)
    } else {
      after = try await currentState()
    }
    return .diff(id: id, from: before.sequence, to: after.sequence, action: sequence, diff(before, after))
  }

  /// The most actions one "what if" reduces after the edited one.
  static let maxWhatIfActions: UInt64 = 1_000

  /// Replays, on copies, the actions seen (by the page, else the recent ones the server keeps)
  /// from the state before action `sequence` through `through` twice: as they were, and with
  /// `sequence` replaced by `text` (left out when `nil`); answers the difference. The store and the
  /// journal are never touched.
  private func whatIf(
    id: Int64?,
    sequence: UInt64,
    text: String?,
    through: UInt64?,
    seen pageSeen: [ActionEntry]?
  ) async throws -> InspectorMessage {
    guard let replay = endpoints.whatIf else { throw WhatIfError.unavailable }
    let through = max(sequence, through ?? sequence)
    guard through - sequence <= Self.maxWhatIfActions else {
      throw WhatIfError.tooLong(count: through - sequence, limit: Self.maxWhatIfActions)
    }
    guard sequence > 0 else { throw InspectorHistoryError.tooOld(sequence: 0, oldest: nil) }
    let edited = try text.map { try ActionText.parse($0) }
    let base = try await historicState(atOrBefore: sequence - 1)
    let seen = (pageSeen ?? hub.recentActions).filter { $0.sequence > base.sequence && $0.sequence <= through }
    guard UInt64(seen.count) <= Self.maxWhatIfActions + 1 else {
      throw WhatIfError.tooLong(count: UInt64(seen.count), limit: Self.maxWhatIfActions)
    }
    guard seen.contains(where: { $0.sequence == sequence }) else { throw WhatIfError.unseen(sequence: sequence) }
    // The edited action is read as the version that wrote its record wrote it, as the page showed it.
    let changed = seen.compactMap { entry in entry.sequence == sequence ? edited.map { ActionEntry(sequence: sequence, action: $0) } : entry }
    let asItWas = try await replay.run(from: base.state, actions: seen)
    let whatIf = try await replay.run(from: base.state, actions: changed)
    let difference = JSONDiff(from: asItWas, to: whatIf, limit: endpoints.maxDiffChanges)
    return .whatIf(id: id, from: base.sequence, sequence: sequence, through: through, replayed: seen.count, difference)
  }

  private func diff(_ before: HistoricState, _ after: HistoricState) -> JSONDiff {
    JSONDiff(from: before.state, to: after.state, limit: endpoints.maxDiffChanges)
  }
}
