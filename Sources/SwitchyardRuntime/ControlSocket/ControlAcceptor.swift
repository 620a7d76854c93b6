#if canImport(Glibc)
import Glibc
#endif
import SwitchyardNet

/// Accepts control clients through the ``ConnectionAdmission`` every listener of the coordinator
/// uses, telling those refused why in an `error` frame, and pauses the listener for a moment
/// when the process runs out of descriptors instead of spinning on it.
struct ControlAcceptor {
  private let listener: Int32
  private let admission: ConnectionAdmission
  private var pausedUntil: ContinuousClock.Instant?

  init(listener: Int32, admission: ConnectionAdmission) {
    self.listener = listener
    self.admission = admission
  }

  /// Whether the listener is left alone for a moment after descriptors ran out.
  var isPaused: Bool {
    guard let pausedUntil else { return false }
    return ContinuousClock.now < pausedUntil
  }

  /// When a pause ends, if the listener is paused.
  var pauseEnds: ContinuousClock.Instant? {
    isPaused ? pausedUntil : nil
  }

  /// Accepts every waiting client, handing each admitted descriptor to `admit`. At the cap,
  /// `makeRoom` may disconnect a client to admit the new one instead.
  mutating func acceptAll(log: (LogEvent) -> Void, makeRoom: () -> Bool, admit: (Int32) -> Void) {
    pausedUntil = nil
    while true {
      switch admission.accept(from: listener, nonBlocking: true, makeRoom: makeRoom, refuse: Self.refuse) {
      case let .admitted(fd):
        admit(fd)
      case .refused:
        continue
      case .exhausted:
        log(.warning("out of file descriptors; refusing control clients for a moment"))
        pausedUntil = .now + ConnectionAdmission.pause
        return
      case .empty, .failed:
        return
      }
    }
  }

  private static func refuse(_ fd: Int32, _ refusal: ListenerRefusal) {
    let reason: ControlSocketError =
      switch refusal {
      case let .tooManyConnections(limit): .tooManyConnections(limit: limit)
      case .noDescriptors: .noDescriptors
      }
    _ = reason.frame.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }
}
