import SwitchyardTestSupport

/// The port a process started with `--metrics 127.0.0.1:0` says it serves metrics on, from the
/// `metrics at http://127.0.0.1:PORT/metrics` line `log` comes to hold: a port chosen before the
/// start could be taken by another test by the time the process binds it.
func announcedMetricsPort(in log: @escaping @Sendable () -> String) async throws -> UInt16 {
  var port: UInt16?
  try await eventually("a 'metrics at' line; the log:\n\(log())") {
    port = log().split(separator: "\n").lazy.compactMap { line -> UInt16? in
      guard let range = line.range(of: "metrics at http://127.0.0.1:") else { return nil }
      return UInt16(line[range.upperBound...].prefix { $0.isNumber })
    }.first
    return port != nil
  }
  return port ?? 0
}
