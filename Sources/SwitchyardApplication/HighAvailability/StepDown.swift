import Foundation
import SwitchyardNet
import SwitchyardRuntime

/// How a deposed leader becomes a standby: it runs its own executable again with the same
/// arguments, in the same process, so that nothing of the old leader's memory (its store, its
/// pools, its half-written records) survives into the standby.
enum StepDown {
  /// Replaces this process with a fresh start of the same command line, passing the control
  /// `port` and the `listening` ports (metrics, page) on to it, so that none refuses a client
  /// meanwhile or changes; returns only if that fails, by exiting with status 75 (EX_TEMPFAIL), for
  /// the supervisor to restart it.
  static func restartAsStandby(passingOn port: ControlPort?, _ listening: [ListeningPort], log: @Sendable (LogEvent) -> Void) -> Never {
    port?.passOnAcrossExec()
    for port in listening { port.passOnAcrossExec() }
    let arguments = CommandLine.arguments
    var pointers = arguments.map { strdup($0) }
    pointers.append(nil)
    execv("/proc/self/exe", pointers)
    log(.error("could not start again as a standby (\(String(cString: strerror(errno)))); exiting for the supervisor to restart it"))
    exit(75)
  }
}
