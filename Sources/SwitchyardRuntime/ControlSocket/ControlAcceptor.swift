#if canImport(Glibc)
import Glibc
#endif

/// Accepts control clients within the connection cap and the descriptor reserve, and survives
/// running out of descriptors without spinning.
///
/// When `accept` fails with `EMFILE`/`ENFILE` the waiting connection stays in the backlog and
/// `poll` reports it again at once: the acceptor then closes a spare descriptor it holds for the
/// purpose, accepts, tells the client why, closes it and takes the spare back; if even that
/// fails, it stops watching the listener for a moment instead of spinning.
struct ControlAcceptor {
  private let listener: Int32
  private let limits: ControlSocketLimits
  /// The highest descriptor a client may get: the rest are kept for worker restarts.
  private let highestClientDescriptor: Int32
  private var spare: Int32
  private var pausedUntil: ContinuousClock.Instant?

  init(listener: Int32, limits: ControlSocketLimits) {
    self.listener = listener
    self.limits = limits
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    let descriptors = Int(min(limit.rlim_cur, UInt(Int32.max)))
    // Under a tight limit, a quarter of it: the reserve must not leave no room for clients at all.
    let reserve = min(limits.reservedDescriptors, descriptors / 4)
    highestClientDescriptor = Int32(max(0, descriptors - 1 - reserve))
    spare = Self.openSpare()
  }

  /// Whether the listener is left alone for a moment after descriptors ran out.
  var isPaused: Bool {
    guard let pausedUntil else { return false }
    return ContinuousClock.now < pausedUntil
  }

  /// How long `poll` may wait: until a pause ends, or for ever once it has.
  var pollTimeoutMillis: Int32 {
    guard let pausedUntil else { return -1 }
    let remaining = pausedUntil - .now
    return remaining > .zero ? Int32(max(1, remaining.milliseconds)) : -1
  }

  /// Accepts every waiting client, handing each admitted descriptor to `admit`.
  mutating func acceptAll(clientCount: Int, log: (String) -> Void, admit: (Int32) -> Void) {
    pausedUntil = nil
    var admitted = clientCount
    while true {
      let fd = systemAccept4(listener, nil, nil, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue))
      if fd < 0 {
        if errno == EINTR || errno == ECONNABORTED { continue }
        if errno == EMFILE || errno == ENFILE { refuseWithSpare(log: log) }
        return
      }
      if admitted >= limits.maxConnections {
        refuse(fd, .tooManyConnections(limit: limits.maxConnections))
      } else if fd > highestClientDescriptor {
        refuse(fd, .noDescriptors)
      } else {
        admitted += 1
        admit(fd)
      }
    }
  }

  mutating func close() {
    if spare >= 0 { Glibc.close(spare) }
    spare = -1
  }

  private mutating func refuseWithSpare(log: (String) -> Void) {
    if spare >= 0 {
      Glibc.close(spare)
      let fd = systemAccept4(listener, nil, nil, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue))
      if fd >= 0 { refuse(fd, .noDescriptors) }
      spare = Self.openSpare()
    }
    log("warning: out of file descriptors; refusing control clients for a moment")
    pausedUntil = .now + .milliseconds(100)
  }

  private func refuse(_ fd: Int32, _ reason: ControlSocketError) {
    _ = reason.frame.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    Glibc.close(fd)
  }

  private static func openSpare() -> Int32 {
    open("/dev/null", O_RDONLY | O_CLOEXEC)
  }
}
