#if canImport(Glibc)
import Glibc
#endif
import SwitchyardRuntime

/// One output of a ``ProbeJob``.
public struct ProbeOutput: Codable, Equatable, Sendable {
  /// The job's tag.
  public var tag: String
  /// The output's position, from 0.
  public var index: Int
  /// The attempt that produced it, from 1.
  public var attempt: Int
  /// Filler of the requested size.
  public var payload: String
  /// The process that produced it: a worker's pid, or the test's own in-process.
  public var pid: Int32

  /// Creates an output.
  public init(tag: String, index: Int, attempt: Int, payload: String = "", pid: Int32 = ProbeOutput.processID) {
    self.tag = tag
    self.index = index
    self.attempt = attempt
    self.payload = payload
    self.pid = pid
  }

  /// This process's id, asked once: `getpid` is a system call, which a probe would otherwise
  /// make for every output.
  public static let processID = getpid()
}
