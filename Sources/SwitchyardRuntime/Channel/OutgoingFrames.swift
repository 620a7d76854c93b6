/// Frames for workers, gathered so that each worker gets one `write` per main-actor turn rather
/// than one per frame.
///
/// The first frame of a turn is written at once, so a lone effect's `run` leaves without delay;
/// frames after it in the same turn wait until the turn ends (a batch of worker events, or the
/// task scheduled by that first write) and leave together. A long turn (a burst of a thousand
/// sends) writes in slices of ``sliceBytes``, so the worker starts on the first jobs while the
/// main actor still reduces the rest. A worker's frames keep their order.
@MainActor
final class OutgoingFrames {
  /// How many bytes a worker's batch gathers before they are written without waiting for the
  /// turn's end: a quarter of a Linux pipe's buffer, a hundred or so frames per `write`.
  static let sliceBytes = 16 * 1024

  private var isGathering = false
  private var waiting: [WorkerProcess] = []

  /// Writes `bytes` to `process`, or gathers them until the turn ends.
  func send(_ bytes: [UInt8], to process: WorkerProcess) {
    send(to: process) { $0.append(contentsOf: bytes) }
  }

  /// Writes the frames `encode` appends to `process`, or gathers them until the turn ends.
  ///
  /// While gathering, `encode` appends straight to the worker's batch, whose buffer is kept from
  /// turn to turn: a frame built this way costs no buffer of its own.
  func send(to process: WorkerProcess, _ encode: (inout [UInt8]) -> Void) {
    if isGathering {
      if process.outgoing.isEmpty { waiting.append(process) }
      encode(&process.outgoing)
      if process.outgoing.count >= Self.sliceBytes { write(process) }
      return
    }
    var bytes: [UInt8] = []
    encode(&bytes)
    process.link.send(bytes)
    isGathering = true
    Task { @MainActor in self.flush() }
  }

  /// Runs `body`, gathering every frame it sends until it returns.
  func gathering(_ body: () -> Void) {
    guard !isGathering else { return body() }
    isGathering = true
    body()
    flush()
  }

  /// Writes what was gathered, one `write` per worker, and ends the turn.
  private func flush() {
    isGathering = false
    let processes = waiting
    waiting.removeAll(keepingCapacity: true)
    for process in processes where !process.outgoing.isEmpty { write(process) }
  }

  /// Writes what `process`'s batch holds; a process written before its turn ended may be waiting
  /// twice, and is skipped when its batch is empty.
  private func write(_ process: WorkerProcess) {
    process.link.send(process.outgoing)
    process.outgoing.removeAll(keepingCapacity: true)
  }
}
