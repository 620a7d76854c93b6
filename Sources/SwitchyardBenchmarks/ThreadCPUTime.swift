#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The CPU time this process's threads with the given names have spent, each read through Linux's
/// clock of that thread: what a journal's own threads cost, to tell it from what journaling costs
/// the main actor, which runs on whichever thread Dispatch lends it.
enum ThreadCPUTime {
  /// The journal's encoding and writing threads.
  static let journalThreads: Set<String> = ["sy-encode", "sy-journal"]

  /// User plus system CPU time so far of the threads named one of `names`.
  static func nanoseconds(ofThreadsNamed names: Set<String>) -> Double {
    guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return 0 }
    var total = 0.0
    for task in tasks {
      guard let tid = Int32(task),
        let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8),
        names.contains(name.trimmingCharacters(in: .newlines))
      else { continue }
      // MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED): the thread's clock, readable by any thread.
      var time = timespec()
      guard clock_gettime(clockid_t(~tid << 3 | 6), &time) == 0 else { continue }
      total += Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }
    return total
  }
}
