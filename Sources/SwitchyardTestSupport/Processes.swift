#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Whether a process with `pid` still exists (alive or not yet reaped).
public func processExists(_ pid: Int32) -> Bool {
  kill(pid, 0) == 0 || errno != ESRCH
}

/// Whether `pid` is running: it exists and is not a zombie waiting for someone to reap it.
///
/// Orphans are reaped by whatever init the machine has, whenever it gets to it; a zombie has
/// already exited, which is what a test of orphans needs to know.
public func processIsRunning(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return false }
  let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
  return state != "Z" && state != "X"
}

/// User plus system CPU time of `pid` so far, in clock ticks (1/100 s).
public func cpuTicks(of pid: Int32) -> Int {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return 0 }
  let fields = stat[stat.index(after: close)...].split(separator: " ")
  // After the command: state is field 3, so utime (14) and stime (15) are at 11 and 12.
  return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
}
