/// Commands for workers, gathered so that each worker's link gets one batch per main-actor turn
/// (one `write` on a pipe, one queueing on a broker) rather than one per command.
///
/// Each command is encoded by its worker's link as it is sent, into the worker's
/// ``OutboundBatch``. The first command of a turn leaves at once, so a lone effect's `run` leaves
/// without delay; commands after it in the same turn wait until the turn ends (a batch of worker
/// events, or the task scheduled by that first send) and leave together. A long turn (a burst of a
/// thousand sends) sends in slices, so the worker starts on the first jobs while the main actor
/// still reduces the rest. A worker's commands keep their order.
@MainActor
final class OutgoingCommands {
  private var isGathering = false
  private var waiting: [WorkerProcess] = []

  /// Sends `command` to `process`, or gathers it until the turn ends.
  func send(_ command: WorkerCommand, to process: WorkerProcess) {
    if isGathering {
      if process.outgoing.isEmpty { waiting.append(process) }
      process.link.encode(command, into: &process.outgoing)
      if process.outgoing.isFull { write(process) }
      return
    }
    var batch = OutboundBatch()
    process.link.encode(command, into: &batch)
    process.link.send(batch)
    isGathering = true
    Task { @MainActor in self.flush() }
  }

  /// Runs `body`, gathering every command it sends until it returns.
  func gathering(_ body: () -> Void) {
    guard !isGathering else { return body() }
    isGathering = true
    body()
    flush()
  }

  /// Sends what was gathered, one batch per worker, and ends the turn.
  private func flush() {
    isGathering = false
    let processes = waiting
    waiting.removeAll(keepingCapacity: true)
    for process in processes where !process.outgoing.isEmpty { write(process) }
  }

  /// Sends what `process`'s batch holds; a process sent to before its turn ended may be waiting
  /// twice, and is skipped when its batch is empty.
  private func write(_ process: WorkerProcess) {
    process.link.send(process.outgoing)
    process.outgoing.removeAll()
  }
}
