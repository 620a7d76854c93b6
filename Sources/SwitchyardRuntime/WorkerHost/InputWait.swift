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
  /// The environment variable that sets ``spin`` in microseconds; `0` turns polling off, for a
  /// host where idle CPU costs more than a lone frame's latency.
  static let spinVariable = "SWITCHYARD_WORKER_SPIN_MICROS"

  /// How long the reading thread polls before it blocks: 100 µs unless ``spinVariable`` says.
  static let spin: Duration = {
    let value = getenv(spinVariable).map { String(cString: $0) }
    guard let spin = spin(fromEnvironment: value) else {
      Logger.standardError.log(.warning("\(spinVariable)=\(value ?? "") is not a number of microseconds from 0 to 10000; polling 100 µs."))
      return .microseconds(100)
    }
    return spin
  }()

  /// The spin a value of ``spinVariable`` asks for: 100 µs when it is absent, `nil` when it is
  /// not a number of microseconds from 0 to 10,000.
  static func spin(fromEnvironment value: String?) -> Duration? {
    guard let value else { return .microseconds(100) }
    guard let micros = Int64(value), (0...10_000).contains(micros) else { return nil }
    return .microseconds(micros)
  }

  /// Returns once `fd` has input, or, where polling does not pay, at once: `read` then waits.
  static func untilReadable(_ fd: Int32, afterReadOf frames: Int) {
    guard frames == 1, spin > .zero else { return }
    var input = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let deadline = ContinuousClock.now + spin
    while poll(&input, 1, 0) == 0, ContinuousClock.now < deadline { sched_yield() }
  }
}
