#if canImport(Glibc)
import Glibc
#endif
import SwitchyardRuntime

extension WorkerHost {
  /// Copies standard input to standard output unparsed until input ends, then exits: the physical
  /// limit of a pipe round trip, which benchmarks compare the runtime against.
  public static func runRawEcho() -> Never {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { exit(0) }
      guard buffer.withUnsafeBytes({ writeAll(STDOUT_FILENO, UnsafeRawBufferPointer(rebasing: $0[..<count])) }) else {
        exit(0)
      }
    }
  }
}
