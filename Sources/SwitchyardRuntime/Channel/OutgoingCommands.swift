/// Commands for workers, gathered so that each worker's link gets one batch per main-actor turn
/// (one `write` on a pipe, one queueing on a broker) rather than one per command.
///
/// The first command of a turn leaves at once, so a lone effect's `run` leaves without delay;
/// commands after it in the same turn wait until the turn ends (a batch of worker events, or the
/// task scheduled by that first send) and leave together. A long turn (a burst of a thousand
/// sends) sends in slices of ``sliceCount``, so the worker starts on the first jobs while the main
/// actor still reduces the rest. A worker's commands keep their order.
@MainActor
final class OutgoingCommands {
  /// How many commands a worker's batch gathers before they leave without waiting for the turn's
  /// end: about a quarter of a Linux pipe's buffer of small `run`s.
  static let sliceCount = 128

  private var isGathering = false
  private var waiting: [WorkerProcess] = []

  /// Sends `command` to `process`, or gathers it until the turn ends.
  func send(_ command: WorkerCommand, to process: WorkerProcess) {
    if isGathering {
      if process.outgoing.isEmpty { waiting.append(process) }
      process.outgoing.append(command)
      if process.outgoing.count >= Self.sliceCount { write(process) }
      return
    }
    process.link.send([command])
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
    process.outgoing.removeAll(keepingCapacity: true)
  }
}
