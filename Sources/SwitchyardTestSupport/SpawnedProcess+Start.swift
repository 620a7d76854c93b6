#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardNet
import SwitchyardRuntime

extension SpawnedProcess {
  /// Starts `executable arguments…` as a test's child: the test's environment with `environment`
  /// over it, in `directory`, reading /dev/null, writing to the files at `outputPath` and
  /// `errorPath` (emptied first; `/dev/null` to discard; the same path for both interleaves them
  /// in one file, as a shared pipe would). It is killed when the test's process ends, however it
  /// ends (see ``SpawningThread``), so a crashed run leaves no coordinator behind.
  ///
  /// Not Foundation's `Process`: its `run()` closes the parent's descriptors by a list made before
  /// it spawns, so one started from another thread meanwhile could inherit this child's files or
  /// Foundation's per-process socket, and keep a test waiting for an end that never comes.
  package static func start(
    _ executable: String,
    _ arguments: [String],
    environment: [String: String] = [:],
    in directory: String? = nil,
    outputPath: String,
    errorPath: String
  ) throws -> SpawnedProcess {
    // Every descriptor is close-on-exec, so no child spawned meanwhile by any means inherits it.
    let input = try open(readingFrom: "/dev/null")
    defer { close(input) }
    let output = try open(writingTo: outputPath)
    defer { close(output) }
    // One descriptor for both when they name one file: two would each write from their own offset.
    let errors = errorPath == outputPath ? output : try open(writingTo: errorPath)
    defer { if errors != output { close(errors) } }
    // A relative path names a file in the test's directory, as it did for `Process`, not the child's.
    let executable = URL(fileURLWithPath: executable).path
    // `setpriv` would report a missing executable as an exit status; this error is the one to read.
    guard access(executable, X_OK) == 0 else { throw ProcessError.spawnFailed(executable: executable, errno: errno) }
    let command = SpawningThread.dieWithParent + [executable] + arguments
    do {
      return try SpawningThread.run {
        try spawn(
          executable: command[0],
          arguments: Array(command.dropFirst()),
          environment: ProcessInfo.processInfo.environment.merging(quietCrashes) { current, _ in current }.merging(environment) { $1 },
          directory: directory,
          standardInput: input,
          standardOutput: output,
          standardError: errors
        )
      }
    } catch let ProcessError.spawnFailed(_, code) {
      throw ProcessError.spawnFailed(executable: executable, errno: code)
    }
  }

  /// A child that traps dies at once, without the Swift runtime's backtracer, unless the test's
  /// own environment asks for it: tests crash coordinators on purpose and then kill them, and a
  /// backtracer still reading a killed coordinator was left running, its parent gone.
  private static let quietCrashes = ["SWIFT_BACKTRACE": "enable=no"]

  private static func open(readingFrom path: String) throws -> Int32 {
    let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return fd
  }

  private static func open(writingTo path: String) throws -> Int32 {
    let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return fd
  }
}
