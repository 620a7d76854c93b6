#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Accepts a listener's connections within its ``ListenerLimits``, and survives running out of
/// descriptors without trapping or spinning: the one admission policy every listener shares.
///
/// A connection past the cap, or one whose descriptor lands in the reserve (descriptors are
/// allocated lowest first, so a high number means the table is nearly full), is handed to the
/// listener's `refuse` to be told why, then closed. When `accept` itself fails with
/// `EMFILE`/`ENFILE` the waiting connection stays in the backlog and would be reported again at
/// once: the admission then closes a spare descriptor it holds for the purpose, accepts into it,
/// refuses that connection and takes the spare back, and asks the listener to pause for
/// ``pause``.
package final class ConnectionAdmission: Sendable {
  /// What one ``accept(from:nonBlocking:makeRoom:refuse:)`` did.
  package enum Outcome {
    /// A connection within the limits, its descriptor close-on-exec; ``release()`` when it closes.
    case admitted(Int32)
    /// A connection past a limit was refused and closed.
    case refused
    /// Nothing waits (a non-blocking listener).
    case empty
    /// The process is out of descriptors: leave the listener alone for ``pause``.
    case exhausted
    /// The listener failed (shut down, closed) with `errno`.
    case failed(errno: Int32)
  }

  /// How long a listener leaves its socket alone after the process ran out of descriptors.
  package static let pause = Duration.milliseconds(100)

  private let limits: ListenerLimits
  /// The highest descriptor a connection may get; those above are the reserve.
  private let highestDescriptor: Int32
  private let spare: Mutex<Int32>
  private let admitted = Atomic<Int>(0)

  /// An admission for `limits`, with the reserve taken from the process's descriptor limit now.
  package init(limits: ListenerLimits) {
    self.limits = limits
    let descriptors = DescriptorLimit.current
    // Under a tight limit, a quarter of it: the reserve must not leave no room for clients at all.
    let reserve = min(limits.reservedDescriptors, descriptors / 4)
    highestDescriptor = Int32(max(0, descriptors - 1 - reserve))
    spare = Mutex(Self.openSpare())
  }

  deinit {
    close()
  }

  /// Closes the spare descriptor, once the listener is closed.
  package func close() {
    spare.withLock { spare in
      if spare >= 0 { Glibc.close(spare) }
      spare = -1
    }
  }

  /// Accepts the next connection waiting on `listener`, a non-blocking socket; the descriptor
  /// returned is non-blocking too if `nonBlocking`.
  ///
  /// At the connection cap, `makeRoom` may close a connection of the listener's choosing
  /// (releasing it) and return `true` to admit this one instead. Not in the reserve: the next
  /// accept would take the descriptor freed and the table would fill a step at a time. A
  /// connection not admitted gets the listener's refusal from `refuse`, which must not block, and
  /// is closed.
  package func accept(
    from listener: Int32,
    nonBlocking: Bool,
    makeRoom: () -> Bool = { false },
    refuse: (Int32, ListenerRefusal) -> Void
  ) -> Outcome {
    let flags = Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
    while true {
      let fd = systemAccept4(listener, nil, nil, flags)
      if fd < 0 {
        let code = errno
        // A client that gave up before it was accepted is no reason to stop listening.
        if code == EINTR || code == ECONNABORTED { continue }
        if code == EAGAIN || code == EWOULDBLOCK { return .empty }
        if code == EMFILE || code == ENFILE {
          refuseWithSpare(listener, flags: flags, refuse: refuse)
          return .exhausted
        }
        return .failed(errno: code)
      }
      let refusal: ListenerRefusal? =
        if admitted.load(ordering: .relaxed) >= limits.maxConnections {
          .tooManyConnections(limit: limits.maxConnections)
        } else if fd > highestDescriptor {
          .noDescriptors
        } else {
          nil
        }
      if let refusal, refusal == .noDescriptors || !makeRoom() {
        refuse(fd, refusal)
        Glibc.close(fd)
        return .refused
      }
      admitted.add(1, ordering: .relaxed)
      return .admitted(fd)
    }
  }

  /// Counts an admitted connection as closed.
  package func release() {
    admitted.subtract(1, ordering: .relaxed)
  }

  private func refuseWithSpare(_ listener: Int32, flags: Int32, refuse: (Int32, ListenerRefusal) -> Void) {
    spare.withLock { spare in
      // A blocking accept fails with EMFILE before it waits, so there may be nobody to refuse.
      var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard spare >= 0, poll(&waiting, 1, 0) > 0 else { return }
      Glibc.close(spare)
      let fd = systemAccept4(listener, nil, nil, flags | Int32(SOCK_NONBLOCK.rawValue))
      if fd >= 0 {
        refuse(fd, .noDescriptors)
        Glibc.close(fd)
      }
      spare = Self.openSpare()
    }
  }

  private static func openSpare() -> Int32 {
    open("/dev/null", O_RDONLY | O_CLOEXEC)
  }
}

// Glibc's module map hides accept4 behind _GNU_SOURCE; it is a plain libc symbol.
@_silgen_name("accept4")
private func systemAccept4(
  _ fd: Int32,
  _ address: UnsafeMutablePointer<sockaddr>?,
  _ length: UnsafeMutablePointer<socklen_t>?,
  _ flags: Int32
) -> Int32
