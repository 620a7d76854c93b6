/// The effects started by one ``Store/send(_:)``, including those started by actions they sent.
///
/// Await ``finish()`` to wait for all of them, or ``cancel()`` them together.
public struct StoreTask: Hashable, Sendable {
  let tasks: EffectTaskSet?

  /// Cancels every effect this send started.
  @MainActor
  public func cancel() {
    tasks?.cancelAll()
  }

  /// Waits until every effect this send started has finished.
  public func finish() async {
    await tasks?.waitForAll()
  }

  /// Whether the effects were cancelled.
  @MainActor
  public var isCancelled: Bool {
    tasks?.isCancelled ?? false
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.tasks === rhs.tasks
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(tasks.map(ObjectIdentifier.init))
  }
}

/// The tasks spawned on behalf of one send; finished tasks leave it so long-lived stores do not grow.
@MainActor
final class EffectTaskSet: Sendable {
  private var running: [ObjectIdentifier: CancellationRegistry.Entry] = [:]
  private var cancelled = false

  func insert(_ entry: CancellationRegistry.Entry) {
    if cancelled { entry.cancel() }
    running[ObjectIdentifier(entry)] = entry
  }

  func remove(_ entry: CancellationRegistry.Entry) {
    running[ObjectIdentifier(entry)] = nil
  }

  func cancelAll() {
    cancelled = true
    for entry in running.values { entry.cancel() }
  }

  var isCancelled: Bool { cancelled }

  var isEmpty: Bool { running.isEmpty }

  /// Waits for every task, including ones added while waiting by actions the effects sent.
  func waitForAll() async {
    while let (key, next) = running.first {
      await next.finish()
      running[key] = nil
    }
  }
}
