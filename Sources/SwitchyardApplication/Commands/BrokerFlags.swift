import Foundation
import SwitchyardRedis

/// The flags `start` and `worker` share for pools on Redis, and how `--pools` names a remote pool.
///
/// A remote pool is `KIND=redis` or `KIND=redis:N`: the coordinator keeps at most N of its
/// effects (64 by default) in the stream at once, however many workers read it; the rest wait
/// in the coordinator's queue.
enum BrokerFlags {
  static let broker = CommandOption.value(
    "--broker", "URL", help: "The Redis server of remote pools: redis://[USER:PASSWORD@]HOST:PORT/DB.",
    environmentVariable: "SWITCHYARD_BROKER"
  )
  static let passwordFile = CommandOption.value(
    "--broker-password-file", "FILE",
    help: "Authenticate to the broker with the password in PATH (a mounted Secret), kept out of the command line."
  )
  static let name = CommandOption.value(
    "--name", "NAME", help: "The namespace of the streams in Redis, switchyard:{NAME}:… (default: the application's name).",
    environmentVariable: "SWITCHYARD_NAME"
  )
  /// The in-flight limit of `KIND=redis`.
  static let defaultInFlight = 64

  /// Reads `--broker`, with the password of `--broker-password-file` (its first line) when given.
  static func redis(_ arguments: ParsedArguments) throws(UsageError) -> RedisConfiguration? {
    guard let url = arguments.value(broker.name) else { return nil }
    var configuration: RedisConfiguration
    do {
      configuration = try RedisConfiguration(url: url)
    } catch {
      throw .invalidValue(name: broker.name, value: url, expected: "\(error)")
    }
    if let path = arguments.value(passwordFile.name) {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8),
        let password = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init), !password.isEmpty
      else {
        throw .invalidValue(name: passwordFile.name, value: path, expected: "a readable file whose first line is the password")
      }
      configuration.password = password
    }
    return configuration
  }

  /// Splits `--pools` into the remote pools' configurations and the text of the local ones.
  static func remotePools(in text: String, argument: String) throws(UsageError) -> (remote: [PoolConfiguration], local: String) {
    var remote: [PoolConfiguration] = []
    var local: [Substring] = []
    for entry in text.split(separator: ",") {
      let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, parts[1] == "redis" || parts[1].hasPrefix("redis:") else {
        local.append(entry)
        continue
      }
      let limit = parts[1] == "redis" ? defaultInFlight : Int(parts[1].dropFirst("redis:".count))
      guard !parts[0].isEmpty, let limit, limit > 0 else {
        throw .invalidValue(name: argument, value: String(entry), expected: "KIND=redis or KIND=redis:N with N ≥ 1 effects in flight")
      }
      remote.append(PoolConfiguration(kind: JobKind(String(parts[0])), size: 1, maxInFlightPerWorker: limit))
    }
    return (remote, local.joined(separator: ","))
  }
}
