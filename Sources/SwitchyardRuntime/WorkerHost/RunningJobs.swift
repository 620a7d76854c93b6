import Synchronization

/// The jobs a worker is running, by effect id: the worker's side of the cancellation fence.
///
/// An output is written only while its effect's generation is still current, checked under the same
/// lock `cancel` takes, so once a cancel has been handled nothing more for that generation leaves
/// the worker.
final class RunningJobs: Sendable {
  private struct Entry {
    var generation: UInt32
    var task: Task<Void, Never>?
  }

  private let entries = Mutex<[UInt64: Entry]>([:])

  /// How many jobs are running.
  var count: Int {
    entries.withLock { $0.count }
  }

  /// Registers a job before its task exists, so a cancel arriving right after finds it.
  func insert(effect: UInt64, generation: UInt32) {
    entries.withLock { $0[effect] = Entry(generation: generation) }
  }

  /// Attaches the task running the job; cancels it at once if the job was cancelled meanwhile.
  func attach(_ task: Task<Void, Never>, effect: UInt64, generation: UInt32) {
    let isCurrent = entries.withLock { entries -> Bool in
      guard entries[effect]?.generation == generation else { return false }
      entries[effect]?.task = task
      return true
    }
    if !isCurrent { task.cancel() }
  }

  /// Runs `body` only if `generation` is still current for `effect`, under the fence's lock.
  func ifCurrent(effect: UInt64, generation: UInt32, _ body: () -> Void) {
    entries.withLock { entries in
      guard entries[effect]?.generation == generation else { return }
      body()
    }
  }

  /// Removes a job and runs `body` under the lock if it was still current: its final frame.
  func finish(effect: UInt64, generation: UInt32, _ body: () -> Void) {
    entries.withLock { entries in
      guard entries[effect]?.generation == generation else { return }
      entries[effect] = nil
      body()
    }
  }

  /// Ends a job from outside its task: if it was still current, runs `body` under the lock (its
  /// final frame, in place of the task's) and cancels the task.
  func abort(effect: UInt64, generation: UInt32, _ body: () -> Void) {
    let task = entries.withLock { entries -> Task<Void, Never>?? in
      guard let entry = entries[effect], entry.generation == generation else { return nil }
      entries[effect] = nil
      body()
      return .some(entry.task)
    }
    task??.cancel()
  }

  /// Fences off and cancels a job; returns whether it was running.
  @discardableResult
  func cancel(effect: UInt64, generation: UInt32) -> Bool {
    let task = entries.withLock { entries -> Task<Void, Never>?? in
      guard let entry = entries[effect], entry.generation == generation else { return nil }
      entries[effect] = nil
      return .some(entry.task)
    }
    guard let task else { return false }
    task?.cancel()
    return true
  }

  /// Fences off and cancels every job.
  func cancelAll() {
    let tasks = entries.withLock { entries in
      defer { entries.removeAll() }
      return entries.values.compactMap(\.task)
    }
    for task in tasks { task.cancel() }
  }
}
