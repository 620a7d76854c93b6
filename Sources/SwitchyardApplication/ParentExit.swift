#if canImport(Glibc)
import Glibc
#endif

// Glibc's module map leaves out <sys/prctl.h>; prctl is a plain libc symbol.
@_silgen_name("prctl")
private func systemPrctl(_ option: Int32, _ argument2: UInt, _ argument3: UInt, _ argument4: UInt, _ argument5: UInt) -> Int32

/// Ties a coordinator's life to the process that started it (`start --parent PID`), so one started
/// by `load --spawn` goes when `load` does, even when `load` is killed with SIGKILL.
enum ParentExit {
  /// `PR_SET_PDEATHSIG` from `<linux/prctl.h>`.
  private static let setParentDeathSignal: Int32 = 1

  /// Asks the kernel for SIGTERM when the parent exits, then checks the parent is still `parent`:
  /// if it exited before the request, this process was already handed to another and no signal
  /// would ever come.
  static func terminateWith(_ parent: Int32) throws(StartError) {
    guard systemPrctl(setParentDeathSignal, UInt(SIGTERM), 0, 0, 0) == 0 else { throw .parentWatchFailed(errno: errno) }
    guard getppid() == parent else { throw .parentExited(parent) }
  }
}
