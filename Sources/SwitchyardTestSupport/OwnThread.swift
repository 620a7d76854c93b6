import Foundation
import Synchronization
import Testing

/// A trait that runs a test on a thread of its own instead of Swift's cooperative pool.
///
/// For tests that spend seconds of CPU (fuzzing, hashing a million bytes): the pool has one thread
/// per core, two here, and every async test of a full run waits behind whatever holds them; Dispatch
/// widens the pool for a blocked thread, never for a busy one. A test isolated to an actor (in a
/// `@MainActor` suite) still runs on that actor.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil else { return try await function() }
    let executor = ThreadExecutor()
    defer { executor.finish() }
    try await withTaskExecutorPreference(executor) {
      try await function()
    }
  }
}

extension OwnThreadTrait {
  /// Whether the caller runs on a thread this trait started.
  public static var isCurrent: Bool {
    Thread.current.threadDictionary[ThreadExecutor.marker] != nil
  }
}

extension Trait where Self == OwnThreadTrait {
  /// Runs the test on a thread of its own; see ``OwnThreadTrait``.
  public static var onAThreadOfItsOwn: Self { OwnThreadTrait() }
}

/// A task executor that runs every job on one thread it starts, until ``finish()``; a job that
/// arrives after its thread has ended (a task the test started and left running) runs on the
/// global executor instead of never.
final class ThreadExecutor: TaskExecutor, Sendable {
  private struct Queue: ~Copyable {
    var jobs: [UnownedJob] = []
    var isFinished = false
    /// Set by the thread, under the lock, as it ends: later jobs go elsewhere.
    var hasEnded = false
  }

  static let marker = "SwitchyardTestSupport.ThreadExecutor"
  private let queue = Mutex(Queue())
  private let wake = NSCondition()

  init() {
    Thread.detachNewThread { [self] in serve() }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let queued = queue.withLock { queue in
      guard !queue.hasEnded else { return false }
      queue.jobs.append(job)
      return true
    }
    guard queued else {
      return DispatchQueue.global().async { job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor()) }
    }
    wake.lock()
    wake.signal()
    wake.unlock()
  }

  /// Lets the thread end once the jobs already queued have run.
  func finish() {
    queue.withLock { $0.isFinished = true }
    wake.lock()
    wake.signal()
    wake.unlock()
  }

  /// Whether the thread has ended.
  var hasEnded: Bool {
    queue.withLock { $0.hasEnded }
  }

  private func serve() {
    Thread.current.threadDictionary[Self.marker] = true
    while true {
      let jobs: [UnownedJob]? = queue.withLock { queue in
        if queue.jobs.isEmpty && queue.isFinished {
          queue.hasEnded = true
          return nil
        }
        defer { queue.jobs.removeAll(keepingCapacity: true) }
        return queue.jobs
      }
      guard let jobs else { return }
      for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
      if jobs.isEmpty {
        wake.lock()
        if queue.withLock({ $0.jobs.isEmpty && !$0.isFinished }) { wake.wait() }
        wake.unlock()
      }
    }
  }
}
