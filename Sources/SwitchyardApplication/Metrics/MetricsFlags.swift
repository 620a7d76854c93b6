/// The flags `start` and `worker` share to serve `/metrics`.
enum MetricsFlags {
  static let metrics = CommandOption.value(
    "--metrics", "HOST:PORT",
    help: "Serve Prometheus metrics at http://HOST:PORT/metrics (off by default; an address other than 127.x or [::1] needs --metrics-token)."
  )
  static let token = CommandOption.value(
    "--metrics-token", "TOKEN", help: "A secret every scrape must carry as a Bearer header (Prometheus' authorization credentials)."
  )

  /// Reads `--metrics` and `--metrics-token`.
  static func configuration(_ arguments: ParsedArguments) throws(UsageError) -> MetricsConfiguration? {
    try MetricsConfiguration.commandLine(address: arguments.value(metrics.name), token: arguments.value(token.name))
  }
}
