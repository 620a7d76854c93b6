import Foundation

/// CPU time of other processes still running, such as a pool's workers, read from Linux's
/// `/proc/<pid>/task/<tid>/sched`: what the workers cost per effect beside the coordinator's own.
enum ChildCPUTime {
  /// The CPU time the threads of `pids` have run so far, in nanoseconds (microsecond precision),
  /// or `nil` where `/proc` does not tell.
  static func nanoseconds(of pids: [Int32]) -> Double? {
    var total = 0.0
    for pid in pids {
      let directory = "/proc/\(pid)/task"
      guard let threads = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
      for thread in threads {
        // A thread that ended since the listing has no file left; it no longer counts.
        guard let text = try? String(contentsOfFile: "\(directory)/\(thread)/sched", encoding: .utf8) else { continue }
        guard let milliseconds = runtimeMilliseconds(in: text) else { return nil }
        total += milliseconds * 1e6
      }
    }
    return total
  }

  /// The CPU time the threads of `pids` have run since `start`, an earlier reading of
  /// ``nanoseconds(of:)``, or `nil` where either reading is missing.
  static func nanoseconds(of pids: [Int32], since start: Double?) -> Double? {
    guard let start, let end = nanoseconds(of: pids) else { return nil }
    return end - start
  }

  /// The `se.sum_exec_runtime` line's value, in milliseconds.
  private static func runtimeMilliseconds(in sched: String) -> Double? {
    for line in sched.split(separator: "\n") where line.hasPrefix("se.sum_exec_runtime") {
      return line.split(separator: ":").last.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }
    return nil
  }
}
