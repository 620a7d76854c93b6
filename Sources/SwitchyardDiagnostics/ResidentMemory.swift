import Foundation

/// The resident set size of this process, for the benchmarks and soak tests that measure memory.
public enum ResidentMemory {
  /// Bytes of this process's memory that are resident, or `nil` where `/proc` is unavailable.
  ///
  /// Reads `/proc/self/statm`, whose second field is resident pages: cheap enough to sample
  /// between batches, and exactly what `ps` and the kernel's OOM killer count.
  public static func currentBytes() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
