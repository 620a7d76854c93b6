#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import SwitchyardJournal

/// A process started with `posix_spawn` in its own process group, holding the three standard
/// descriptors it was given and no other; only its owner reaps it.
///
/// The coordinator's workers and the tests' child processes both start here, so neither can
/// inherit a descriptor the other (or Foundation's `Process`) opened at the same moment.
package final class SpawnedProcess: AwaitableChild, Sendable {
  /// The process id.
  package let pid: pid_t
  /// How it ended, once reaped; guarded so no signal is sent to its pid once the kernel may have
  /// given that pid to another process.
  private let ended = Mutex<ExitStatus?>(nil)

  private init(pid: pid_t) {
    self.pid = pid
  }

  /// Starts `executable` (a path; no PATH lookup) with `arguments` (not including the program
  /// name), the descriptors given as its standard input, output and error, `environment` (this
  /// process's own when `nil`), in `directory` (this process's when `nil`).
  ///
  /// The caller keeps its descriptors and closes them once this returns.
  package static func spawn(
    executable: String,
    arguments: [String],
    environment: [String: String]? = nil,
    directory: String? = nil,
    standardInput: Int32,
    standardOutput: Int32,
    standardError: Int32
  ) throws(ProcessError) -> SpawnedProcess {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 clears close-on-exec on the target, so only these three reach the child.
    posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, standardOutput, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, standardError, STDERR_FILENO)
    // Descriptors the parent opened without close-on-exec would otherwise live as long as the
    // child: a listening socket kept open, or Foundation's per-`Process` socket, whose closing is
    // how Foundation learns that its child exited — a child holding it hides that exit for good.
    closeInheritedDescriptors(&actions)
    if let directory {
      let result = addChdir?(&actions, directory) ?? ENOSYS
      guard result == 0 else { throw .spawnFailed(executable: executable, errno: result) }
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The child starts with default signal handling even though the parent ignores SIGPIPE,
    // which exec would pass on, and catches SIGINT and SIGTERM (exec resets caught signals), and
    // with no signal blocked whatever mask the spawning thread has.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    // Its own process group: Ctrl-C in a terminal signals the foreground group, and the children
    // must outlive it long enough for the coordinator's orderly shutdown to stop them.
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let status: Int32
    if let environment {
      let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
      defer { envp.forEach { free($0) } }
      status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    } else {
      status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    }
    guard status == 0 else { throw .spawnFailed(executable: executable, errno: status) }
    return SpawnedProcess(pid: pid)
  }

  /// How the process ended, reaping it if it has exited since the last look; `nil` while it runs.
  package func reapIfExited() -> ExitStatus? {
    ended.withLock { ended in
      if let ended { return ended }
      var status: Int32 = 0
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid {
        ended = Self.exitStatus(status)
      } else if result < 0, errno != EINTR {
        ended = .unknown
      }
      return ended
    }
  }

  /// Sends `signal` to the process, unless it has already been reaped.
  package func send(_ signal: Int32) {
    ended.withLock { ended in
      guard ended == nil else { return }
      _ = Glibc.kill(pid, signal)
    }
  }

  /// Whether it has not exited yet; reaps it if it has.
  package var isRunning: Bool { reapIfExited() == nil }

  /// Blocks up to `seconds` until the child has exited, woken by the kernel through a pidfd that
  /// becomes readable when it does, rather than by looking again and again; where the kernel has
  /// no pidfds (before Linux 5.3), it looks every 2 ms.
  @discardableResult
  package func waitForExit(within seconds: Double) -> Bool {
    guard reapIfExited() == nil else { return true }
    let deadline = ContinuousClock.now + .seconds(seconds)
    let descriptor = Self.pidfdOpen.map { $0(pid, 0) } ?? -1
    defer { if descriptor >= 0 { close(descriptor) } }
    while reapIfExited() == nil {
      let remaining = deadline - .now
      guard remaining > .zero else { return false }
      guard descriptor >= 0 else {
        usleep(2_000)
        continue
      }
      var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&watched, 1, Int32(clamping: remaining.wholeNanoseconds / 1_000_000 + 1))
    }
    return true
  }

  /// Its exit status, or the number of the signal that ended it, as Foundation's `Process` gives
  /// them; -1 while it runs or when its end is unknown.
  package var terminationStatus: Int32 {
    switch reapIfExited() {
    case let .exited(code): Int32(code)
    case let .signalled(signal): signal
    case .unknown, nil: -1
    }
  }

  // The macros WIFEXITED and friends are not imported; these are their definitions.
  private static func exitStatus(_ status: Int32) -> ExitStatus {
    let signal = status & 0x7f
    return signal == 0 ? .exited(Int((status >> 8) & 0xff)) : .signalled(signal)
  }

  private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32

  /// glibc's `pidfd_open` (2.36 and later), looked up because the Glibc module does not import it.
  private static let pidfdOpen: PidfdOpen? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open")
    .map { unsafeBitCast($0, to: PidfdOpen.self) }

  private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
  /// module does not import: it closes every descriptor from 3 up as the child starts, including
  /// any another thread opens while this one spawns.
  private static let addCloseFrom: AddCloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    .map { unsafeBitCast($0, to: AddCloseFrom.self) }

  /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), not imported either.
  private static let addChdir: AddChdir? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
    .map { unsafeBitCast($0, to: AddChdir.self) }

  /// Adds to `actions` the closing of every descriptor from 3 up; without `addclosefrom`, of those
  /// open now.
  private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    if let addCloseFrom, addCloseFrom(&actions, 3) == 0 { return }
    guard let directory = opendir("/proc/self/fd") else { return }
    defer { closedir(directory) }
    let own = dirfd(directory)
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if let fd = Int32(name), fd > 2, fd != own { posix_spawn_file_actions_addclose(&actions, fd) }
    }
  }
}
