import Foundation

/// A clock whose time moves only when a test says so, waking sleepers in deadline order.
///
/// Inject it for `continuousClock` and drive timers, debounces and timeouts with ``advance(by:)``:
/// what would take seconds of real time runs instantly and the same way every time.
public final class TestClock<Duration: DurationProtocol & Hashable>: Clock, @unchecked Sendable {
  /// A point in a test clock's time: an offset from its start.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    fileprivate let offset: Duration

    /// An instant `offset` after the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  /// A sleeping task and when it should wake; `order` keeps equal deadlines first-come, first-served.
  private struct Sleeper {
    let id: UUID
    let deadline: Instant
    let order: Int
    let continuation: UnsafeContinuation<Void, any Error>
  }

  // Guarded by `lock`; the clock is shared between the test and the effects sleeping on it.
  private let lock = NSRecursiveLock()
  private var _now: Instant
  private var sleepers: [Sleeper] = []
  private var nextOrder = 0

  public var minimumResolution: Duration = .zero

  /// Creates a clock that starts at `now`.
  public init(now: Instant = .init()) {
    self._now = now
  }

  public var now: Instant {
    lock.withLock { _now }
  }

  /// Suspends until the clock is advanced to `deadline`; returns at once only if it is already past.
  ///
  /// A deadline of now (`sleep(for: .zero)`) waits for the next ``advance(by:)`` or ``run(timeout:fileID:filePath:line:column:)``,
  /// as swift-clocks' test clock does.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = UUID()
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        lock.withLock {
          guard deadline >= _now else { return continuation.resume() }
          nextOrder += 1
          sleepers.append(Sleeper(id: id, deadline: deadline, order: nextOrder, continuation: continuation))
        }
      }
    } onCancel: {
      let cancelled = lock.withLock { () -> Sleeper? in
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking each sleeper whose deadline passes, in order.
  nonisolated(nonsending) public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, waking each sleeper whose deadline passes, in order.
  ///
  /// Between wake-ups it lets woken tasks run, so a sleeper that sleeps again before `deadline`
  /// (a timer) wakes again within the same advance.
  nonisolated(nonsending) public func advance(to deadline: Instant) async {
    while true {
      await Task.megaYield()
      let next = lock.withLock { () -> Sleeper? in
        guard
          let index = sleepers.indices.min(by: { (sleepers[$0].deadline, sleepers[$0].order) < (sleepers[$1].deadline, sleepers[$1].order) }),
          sleepers[index].deadline <= deadline
        else {
          if deadline > _now { _now = deadline }
          return nil
        }
        let sleeper = sleepers.remove(at: index)
        if sleeper.deadline > _now { _now = sleeper.deadline }
        return sleeper
      }
      guard let next else { break }
      next.continuation.resume()
    }
    await Task.megaYield()
  }

  /// Advances until no task is sleeping on the clock, up to `timeout` of clock time.
  ///
  /// Fails the test if sleepers remain past the timeout: an effect that never ends, like a timer.
  nonisolated(nonsending) public func run(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let limit = timeout.map { now.advanced(by: $0) }
    while true {
      await Task.megaYield()
      guard let next = lock.withLock({ sleepers.map(\.deadline).min() }) else { return }
      if let limit, next > limit {
        await advance(to: limit)
        reportIssue(
          """
          Expected all sleeps to finish, but some are still suspending after \(timeout ?? .zero).

          There are sleeps suspending. This could mean you are not advancing the test clock far \
          enough for your feature to execute its logic, or there could be a bug in your feature's \
          logic.

          You can also increase the timeout of 'run' to be greater than \(timeout ?? .zero).
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return
      }
      await advance(to: next)
    }
  }

  /// Fails the test if any task is sleeping on the clock: a way to assert a timer was torn down.
  nonisolated(nonsending) public func checkSuspension(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.megaYield()
    let count = lock.withLock { sleepers.count }
    if count > 0 {
      reportIssue(
        "Expected no tasks sleeping on the test clock, but \(count) are.",
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }
}

extension TestClock where Duration == Swift.Duration {
  /// Creates a clock measured in `Duration`, the kind effects sleep on.
  public convenience init() {
    self.init(now: .init())
  }
}
