/// An error a command ends with that has an exit status of its own, rather than 1: for a
/// supervisor (systemd's `RestartPreventExitStatus=`, a script) to tell it from any other failure.
public protocol ExitStatusError: Error, CustomStringConvertible {
  /// The status the process exits with.
  var exitStatus: Int32 { get }
}
