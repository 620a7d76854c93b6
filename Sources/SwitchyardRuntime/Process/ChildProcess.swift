#if canImport(Glibc)
import Glibc
#endif
import SwitchyardNet

/// A worker process connected by three pipes: a ``SpawnedProcess`` with its pipes' other ends.
///
/// Every pipe is created close-on-exec, so one worker never inherits another's pipe ends — which
/// would keep a dead worker's pipe open and hide its exit.
final class ChildProcess: Sendable {
  /// The write end of the child's standard input.
  let stdin: Int32
  /// The read end of the child's standard output.
  let stdout: Int32
  /// The read end of the child's standard error.
  let stderr: Int32
  private let process: SpawnedProcess

  private init(process: SpawnedProcess, stdin: Int32, stdout: Int32, stderr: Int32) {
    self.process = process
    self.stdin = stdin
    self.stdout = stdout
    self.stderr = stderr
  }

  /// The child's process id.
  var pid: pid_t { process.pid }

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

    let process: SpawnedProcess
    do {
      process = try SpawnedProcess.spawn(
        executable: executable,
        arguments: arguments,
        standardInput: input.read,
        standardOutput: output.write,
        standardError: errors.write
      )
    } catch {
      closePipe(input)
      closePipe(output)
      closePipe(errors)
      throw error
    }
    close(input.read)
    close(output.write)
    close(errors.write)
    return ChildProcess(process: process, stdin: input.write, stdout: output.read, stderr: errors.read)
  }

  /// Sends `signal` to the child, unless it has already been reaped.
  func kill(_ signal: Int32 = SIGKILL) {
    process.send(signal)
  }

  /// Reaps the child: waits for it to exit and returns how it ended.
  ///
  /// A child that has closed its output is normally exiting; one still running after `patience`
  /// is killed, so a worker that closes its pipe but lingers never outlives its connection.
  func reap(patience: Duration) -> ExitStatus {
    let seconds = Double(patience.components.seconds) + Double(patience.components.attoseconds) / 1e18
    if !process.waitForExit(within: seconds) {
      kill()
      while !process.waitForExit(within: 60) {}
    }
    return process.reapIfExited() ?? .unknown
  }

  private static func closePipe(_ pipe: (read: Int32, write: Int32)) {
    close(pipe.read)
    close(pipe.write)
  }

  private static func makePipe() throws(ProcessError) -> (read: Int32, write: Int32) {
    guard let pipe = SwitchyardNet.makePipe() else { throw .pipeFailed(errno: errno) }
    return pipe
  }
}
