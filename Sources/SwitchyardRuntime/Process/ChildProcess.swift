#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A child process started with `posix_spawn`, connected by three pipes, in its own process group.
///
/// Every pipe is created close-on-exec, so one worker never inherits another's pipe ends — which
/// would keep a dead worker's pipe open and hide its exit.
final class ChildProcess: Sendable {
  /// The child's process id.
  let pid: pid_t
  /// The write end of the child's standard input.
  let stdin: Int32
  /// The read end of the child's standard output.
  let stdout: Int32
  /// The read end of the child's standard error.
  let stderr: Int32
  /// Whether the child has been reaped; guarded so no signal is sent to its pid once the kernel may
  /// have given that pid to another process.
  private let isReaped = Mutex(false)

  private init(pid: pid_t, stdin: Int32, stdout: Int32, stderr: Int32) {
    self.pid = pid
    self.stdin = stdin
    self.stdout = stdout
    self.stderr = stderr
  }

  /// Starts `executable` with `arguments` (not including the program name).
  static func spawn(executable: String, arguments: [String]) throws(ProcessError) -> ChildProcess {
    // Out of descriptors, most likely: the pipes already made must not leak on every restart.
    let input = try makePipe()
    let output: (read: Int32, write: Int32)
    do { output = try makePipe() } catch {
      closePipe(input)
      throw error
    }
    let errors: (read: Int32, write: Int32)
    do { errors = try makePipe() } catch {
      closePipe(input)
      closePipe(output)
      throw error
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 clears close-on-exec on the target, so only these three reach the child.
    posix_spawn_file_actions_adddup2(&actions, input.read, STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, output.write, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, errors.write, STDERR_FILENO)
    // Descriptors the host opened without close-on-exec would otherwise live as long as the
    // worker: a listening socket kept open, or Foundation's per-`Process` socket, whose closing is
    // how Foundation learns that its child exited — a worker holding it hides that exit for good.
    closeInheritedDescriptors(&actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The child starts with default signal handling even though the coordinator ignores SIGPIPE,
    // which exec would pass on, and catches SIGINT and SIGTERM (exec resets caught signals), and
    // with no signal blocked whatever mask the coordinator inherited.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    // Its own process group: Ctrl-C in a terminal signals the foreground group, and the workers
    // must outlive it long enough for the coordinator's orderly shutdown to stop them.
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    close(input.read)
    close(output.write)
    close(errors.write)
    guard status == 0 else {
      close(input.write)
      close(output.read)
      close(errors.read)
      throw .spawnFailed(executable: executable, errno: status)
    }
    return ChildProcess(pid: pid, stdin: input.write, stdout: output.read, stderr: errors.read)
  }

  /// Sends `signal` to the child, unless it has already been reaped.
  func kill(_ signal: Int32 = SIGKILL) {
    isReaped.withLock { reaped in
      guard !reaped else { return }
      _ = Glibc.kill(pid, signal)
    }
  }

  /// Reaps the child: waits for it to exit and returns how it ended.
  ///
  /// A child that has closed its output is normally exiting; one still running after `patience`
  /// is killed, so a worker that closes its pipe but lingers never outlives its connection.
  func reap(patience: Duration) -> ExitStatus {
    let deadline = ContinuousClock.now + patience
    var killed = false
    while true {
      let status = isReaped.withLock { reaped -> ExitStatus? in
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
          reaped = true
          return Self.exitStatus(status)
        }
        if result < 0, errno != EINTR {
          reaped = true
          return .unknown
        }
        return nil
      }
      if let status { return status }
      if !killed, ContinuousClock.now >= deadline {
        kill()
        killed = true
      }
      usleep(500)
    }
  }

  // The macros WIFEXITED and friends are not imported; these are their definitions.
  private static func exitStatus(_ status: Int32) -> ExitStatus {
    let signal = status & 0x7f
    return signal == 0 ? .exited(Int((status >> 8) & 0xff)) : .signalled(signal)
  }

  private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
  /// module does not import: it closes every descriptor from 3 up as the child starts, including
  /// any another thread opens while this one spawns.
  private static let addCloseFrom: AddCloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    .map { unsafeBitCast($0, to: AddCloseFrom.self) }

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

  private static func closePipe(_ pipe: (read: Int32, write: Int32)) {
    close(pipe.read)
    close(pipe.write)
  }

  private static func makePipe() throws(ProcessError) -> (read: Int32, write: Int32) {
    guard let pipe = SwitchyardRuntime.makePipe() else { throw .pipeFailed(errno: errno) }
    return pipe
  }
}
