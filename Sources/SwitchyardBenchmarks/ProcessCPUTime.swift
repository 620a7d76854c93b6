#if canImport(Glibc)
import Glibc
#endif

/// The CPU time this whole process has spent: what a coordinator in this process costs, on all
/// its threads.
enum ProcessCPUTime {
  /// User plus system CPU time of this whole process so far.
  static func nanoseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func nanoseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1e9 + Double(time.tv_usec) * 1e3 }
    return nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime)
  }
}
