/// The effects started by one ``TestStore/send(_:assert:fileID:filePath:line:column:)``.
///
/// Cancel them to model a view going away, or wait for them to finish.
public struct TestStoreTask: Hashable, Sendable {
  let tasks: EffectTaskSet?
  let timeout: Duration

  /// Cancels the effects and waits for them to wind down.
  @MainActor
  public func cancel() async {
    tasks?.cancelAll()
    await tasks?.waitForAll()
  }

  /// Waits for the effects to finish, failing the test if they outlast `timeout`.
  @MainActor
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let tasks else { return }
    let timeout = timeout ?? self.timeout
    let finished = await waitUntil(timeout: timeout) { tasks.isEmpty }
    if !finished {
      reportIssue(
        "Expected effects to finish, but they are still running after \(timeout).",
        location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      )
    }
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

/// Yields to other tasks until `condition` holds or `timeout` passes; returns whether it held.
///
/// Effects run on other executors and hop back to the main actor, so the test must keep yielding
/// for them to make progress: this is how TCA's TestStore waits, bounded by a timeout. Unlike
/// TCA's, the timeout counts only the time the main actor was there to run the effects' hops: a
/// turn that comes back later than asked (another test in the process held the main actor, as
/// parallel suites do) counts as ``longestTurn``, so an effect that needs many hops is not
/// failed because of work that was never its own.
@MainActor
func waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  var waited = Duration.zero
  var turnStarted = clock.now
  var spins = 0
  while !condition() {
    let now = clock.now
    waited += min(now - turnStarted, longestTurn)
    turnStarted = now
    guard waited < timeout else { return false }
    spins += 1
    if spins < 100 {
      await Task.yield()
    } else {
      // Past the first burst, stop spinning a core that effects may need.
      try? await Task.sleep(for: .microseconds(200))
    }
  }
  return true
}

/// The most one turn of ``waitUntil(timeout:_:)`` counts towards its timeout: above what a yield
/// or a 200 µs sleep takes when the main actor is free, and far below a turn queued behind other
/// suites' work, so a second lasts at least 500 such turns, each a hop for the effects.
let longestTurn = Duration.milliseconds(2)

/// Yields enough times for effects that are ready to run to reach their next suspension point.
@MainActor
func yieldToEffects() async {
  for _ in 0..<20 { await Task.yield() }
}
