#if canImport(Glibc)
import Glibc
#endif

/// The process's limit on open descriptors (`RLIMIT_NOFILE`), which every listener's
/// ``ListenerLimits`` reserve is reckoned from.
package enum DescriptorLimit {
  /// The most the soft limit is raised to, whatever the hard limit allows.
  static let ceiling: rlim_t = 1 << 20

  /// The soft limit in force.
  package static var current: Int {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    return Int(min(limit.rlim_cur, rlim_t(Int32.max)))
  }

  /// Raises the soft limit to the hard one (at most 2^20), as servers such as nginx and redis do at
  /// start: the usual soft default of 1024 dates from `select(2)`, which nothing here uses, and
  /// would let a few hundred idle clients take every descriptor. Returns the limit now in force.
  @discardableResult
  package static func raiseToHardLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return current }
    let wanted = min(limit.rlim_max, ceiling)
    if limit.rlim_cur < wanted {
      limit.rlim_cur = wanted
      _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
    return current
  }
}
