/// The port a child process's log names after `marker` (`metrics at http://127.0.0.1:`), once the
/// line is there: a child given port 0 picks its own, where a port chosen before its start could be
/// taken by another test by the time the child binds it.
public func announcedPort(after marker: String, in log: @escaping @Sendable () -> String) async throws -> UInt16 {
  var port: UInt16?
  try await eventually("a '\(marker)' line; the log:\n\(log())") {
    port = log().split(separator: "\n").lazy.compactMap { line -> UInt16? in
      guard let range = line.range(of: marker) else { return nil }
      return UInt16(line[range.upperBound...].prefix { $0.isNumber })
    }.first
    return port != nil
  }
  return port ?? 0
}
