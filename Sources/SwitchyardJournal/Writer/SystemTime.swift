import Glibc

/// The two clocks the journal reads, without Foundation's allocation on the append path.
enum SystemTime {
  /// Nanoseconds since 1970 (UTC): the time a record or snapshot is stamped with.
  static func wallClockNanoseconds() -> Int64 {
    nanoseconds(CLOCK_REALTIME)
  }

  /// Nanoseconds on a clock that never jumps: for deadlines and durations.
  static func monotonicNanoseconds() -> Int64 {
    nanoseconds(CLOCK_MONOTONIC)
  }

  /// ``monotonicNanoseconds()`` read from the kernel's last tick: a few milliseconds coarse, and
  /// a fraction of the cost.
  static func coarseMonotonicNanoseconds() -> Int64 {
    nanoseconds(CLOCK_MONOTONIC_COARSE)
  }

  private static func nanoseconds(_ clock: clockid_t) -> Int64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}
