import SwitchyardRedis

/// `start`'s flags for a coordinator that fails over: `--ha` and `--ha-lease-ms` (with `--name`).
enum HighAvailabilityFlags {
  static let ha = CommandOption.value(
    "--ha", "URL",
    help: "Share the journal through Redis (redis://HOST:PORT/DB) with the coordinators of the same --name: one leads, the others stand by.",
    environmentVariable: "SWITCHYARD_HA"
  )
  static let lease = CommandOption.value(
    "--ha-lease-ms", "N", help: "With --ha: how long the leader's lease lasts unless renewed; a standby takes over within it (default: 5000)."
  )

  static let replicas = CommandOption.value(
    "--ha-replicas", "N",
    help: "With --ha: acknowledge a journaled batch only once N Redis replicas have it too (Redis WAIT; default: 0); when stopped, the leader waits for them a third of the lease at most."
  )

  /// Reads `--ha`, `--ha-lease-ms` and `--ha-replicas`; `nil` without `--ha`.
  static func options(_ arguments: ParsedArguments) throws(UsageError) -> HighAvailabilityOptions? {
    guard let url = arguments.value(ha.name) else {
      for option in [lease, replicas] where arguments.value(option.name) != nil {
        throw .conflict("\(option.name) needs \(ha.name) redis://HOST:PORT/DB")
      }
      return nil
    }
    let redis: RedisConfiguration
    do {
      redis = try RedisConfiguration(url: url)
    } catch {
      throw .invalidValue(name: ha.name, value: url, expected: "\(error)")
    }
    let milliseconds = try arguments.value(lease.name, as: Int.self) ?? 5000
    guard milliseconds >= 300 else { throw .invalidValue(name: lease.name, value: "\(milliseconds)", expected: "milliseconds ≥ 300") }
    let replicaCount = try arguments.value(replicas.name, as: Int.self) ?? 0
    guard replicaCount >= 0 else { throw .invalidValue(name: replicas.name, value: "\(replicaCount)", expected: "a number of replicas ≥ 0") }
    if arguments.flag("--no-journal") { throw .conflict("\(ha.name) shares the journal, so it cannot be used with --no-journal") }
    return HighAvailabilityOptions(redis: redis, coordinator: arguments.value(BrokerFlags.name.name), leaseTTL: .milliseconds(milliseconds), replicas: replicaCount)
  }
}
