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
  /// Most sends start one effect, which needs no table: a table is made for a second.
  private enum Running {
    case none
    case one(CancellationRegistry.Entry)
    case many([ObjectIdentifier: CancellationRegistry.Entry])
  }

  private var running = Running.none
  private var cancelled = false

  func insert(_ entry: CancellationRegistry.Entry) {
    if cancelled { entry.cancel() }
    switch running {
    case .none:
      running = .one(entry)
    case let .one(existing):
      guard existing !== entry else { return }
      running = .many([ObjectIdentifier(existing): existing, ObjectIdentifier(entry): entry])
    case var .many(entries):
      // Release this enum's reference first, so the table is changed in place, not copied.
      running = .none
      entries[ObjectIdentifier(entry)] = entry
      running = .many(entries)
    }
  }

  func remove(_ entry: CancellationRegistry.Entry) {
    switch running {
    case .none:
      return
    case let .one(existing):
      if existing === entry { running = .none }
    case var .many(entries):
      running = .none
      entries[ObjectIdentifier(entry)] = nil
      running = .many(entries)
    }
  }

  func cancelAll() {
    cancelled = true
    for entry in entries { entry.cancel() }
  }

  var isCancelled: Bool { cancelled }

  var isEmpty: Bool {
    switch running {
    case .none: true
    case .one: false
    case let .many(entries): entries.isEmpty
    }
  }

  private var entries: [CancellationRegistry.Entry] {
    switch running {
    case .none: []
    case let .one(entry): [entry]
    case let .many(entries): Array(entries.values)
    }
  }

  private var first: CancellationRegistry.Entry? {
    switch running {
    case .none: nil
    case let .one(entry): entry
    case let .many(entries): entries.first?.value
    }
  }

  /// Waits for every task, including ones added while waiting by actions the effects sent.
  func waitForAll() async {
    while let next = first {
      await next.finish()
      remove(next)
    }
  }
}
