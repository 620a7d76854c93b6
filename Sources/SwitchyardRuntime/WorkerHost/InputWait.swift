#if canImport(Glibc)
import Glibc
#endif

/// How a worker's reading thread waits for its next frame: after a read of a lone frame it polls
/// its input for a short while before it blocks in `read`.
///
/// A thread blocked in `read` is woken by the scheduler, which on a virtual machine takes an idle
/// virtual CPU out of its halt: that wake was the largest part of what a lone round trip spent on
/// the worker's side. Polling first, as Aeron's idle strategies and Linux's busy polling do,
/// catches the coordinator's next frame while the thread still runs. It is kept to lone frames,
/// the sign of a caller waiting on each answer: a worker reading batches is busy anyway, and its
/// coordinator, the busier side, needs the CPU a poll would take. Each poll yields the CPU to any
/// thread waiting for it, and an idle worker spends at most ``spin`` of CPU after its last frame.
enum InputWait {
  /// How long the reading thread polls before it blocks.
  static let spin = Duration.microseconds(100)

  /// Returns once `fd` has input, or, where polling does not pay, at once: `read` then waits.
  static func untilReadable(_ fd: Int32, afterReadOf frames: Int) {
    guard frames == 1 else { return }
    var input = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let deadline = ContinuousClock.now + spin
    while poll(&input, 1, 0) == 0, ContinuousClock.now < deadline { sched_yield() }
  }
}
