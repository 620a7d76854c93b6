import Foundation

/// The `switchyard` executable built beside the running test bundle: coordinator and workers alike.
public let switchyardExecutable: String = {
  let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  return testBinary.deletingLastPathComponent().appendingPathComponent("switchyard").path
}()

/// A fresh run directory under /tmp (mode 0700), short enough for a Unix socket path.
public func makeRunDirectory() -> String {
  let path = "/tmp/sy-test-\(getpid())-\(UUID().uuidString.prefix(8))"
  mkdir(path, 0o700)
  return path
}

/// A path under the temporary directory that no other test or run uses, `sy-<name>-<pid>-<id>`:
/// not created, for a data directory or a file a test makes and removes.
public func uniqueTemporaryPath(_ name: String) -> String {
  NSTemporaryDirectory() + "sy-\(name)-\(getpid())-\(UUID().uuidString.prefix(8))"
}
