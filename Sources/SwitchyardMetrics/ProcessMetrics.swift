#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The process basics every Prometheus exporter serves, read from `/proc` at scrape time: CPU
/// time, resident and virtual memory, open and allowed descriptors, and when the process started.
public enum ProcessMetrics {
  /// Registers the `process_*` metrics in `registry`, refreshed on every scrape.
  public static func register(in registry: MetricsRegistry) {
    let cpu = registry.counter("process_cpu_seconds_total", help: "Total user and system CPU time spent in seconds.")
    let resident = registry.gauge("process_resident_memory_bytes", help: "Resident memory size in bytes.")
    let virtual = registry.gauge("process_virtual_memory_bytes", help: "Virtual memory size in bytes.")
    let open = registry.gauge("process_open_fds", help: "Number of open file descriptors.")
    let max = registry.gauge("process_max_fds", help: "Maximum number of open file descriptors.")
    let start = registry.gauge("process_start_time_seconds", help: "Start time of the process since unix epoch in seconds.")
    start.set(startTime() ?? 0)
    registry.refreshOnScrape {
      let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
      if let fields = statFields() {
        // utime and stime are fields 14 and 15 of /proc/self/stat, counted from 1 with the
        // parenthesised name as field 2; `statFields` starts at field 3.
        cpu.setTotal((Double(fields[11]) ?? 0) / ticks + (Double(fields[12]) ?? 0) / ticks)
        virtual.set(Double(fields[20]) ?? 0)
        resident.set((Double(fields[21]) ?? 0) * Double(sysconf(Int32(_SC_PAGESIZE))))
      }
      open.set(Double(openDescriptors()))
      var limit = rlimit()
      if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 { max.set(Double(limit.rlim_cur)) }
    }
  }

  /// The entries of `/proc/self/fd` (the one reading it among them, as Prometheus' Go client counts),
  /// without building their names.
  private static func openDescriptors() -> Int {
    guard let directory = opendir("/proc/self/fd") else { return 0 }
    defer { closedir(directory) }
    var count = 0
    while let entry = readdir(directory) {
      if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
    }
    return count
  }

  /// The fields of `/proc/self/stat` after the command name, which may itself hold spaces.
  private static func statFields() -> [Substring]? {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count > 21 ? fields : nil
  }

  /// Boot time (`btime` in `/proc/stat`) plus the process's start in clock ticks after boot.
  private static func startTime() -> Double? {
    guard let fields = statFields(), let startTicks = Double(fields[19]),
      let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
      let boot = Double(line.dropFirst("btime ".count))
    else { return nil }
    return boot + startTicks / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}
