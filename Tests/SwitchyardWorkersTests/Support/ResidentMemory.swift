import Foundation

/// The test process's resident set size, from `/proc/self/statm`: how the soak test sees memory
/// that a leak holds on to, whoever allocated it (Swift, Foundation or libcurl).
enum ResidentMemory {
  /// Resident bytes now.
  static func bytes() throws -> Int {
    let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else {
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "/proc/self/statm reads '\(statm)'"])
    }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
