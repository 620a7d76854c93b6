import Synchronization

/// Which runtime warnings a running application prints: from each call site, the first in a
/// ``window`` in full, the rest only counted, that count told with the next one printed.
///
/// A warning is often about input — an action for an element that is gone — and a server's
/// clients choose its input: printed every time, each such action a client sent wrote 15 lines to
/// the log.
final class RuntimeWarningThrottle: Sendable {
  static let shared = RuntimeWarningThrottle(window: .seconds(60))

  /// How long after a printed warning the same call site's are only counted.
  let window: Duration
  private let sites = Mutex<[String: (printedAt: ContinuousClock.Instant, unprinted: Int)]>([:])

  init(window: Duration) {
    self.window = window
  }

  /// Whether a warning from `site` is printed now: `nil` if not, else how many from there were not
  /// printed since the last one that was.
  func admit(site: String, now: ContinuousClock.Instant = .now) -> Int? {
    sites.withLock { sites in
      let last = sites[site]
      if let last, now - last.printedAt < window {
        sites[site] = (last.printedAt, last.unprinted + 1)
        return nil
      }
      sites[site] = (now, 0)
      return last?.unprinted ?? 0
    }
  }
}
