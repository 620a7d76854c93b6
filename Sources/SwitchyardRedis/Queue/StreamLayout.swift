import Foundation

/// The keys and group names of one coordinator's Redis transport, namespaced by its name.
///
/// The name sits in braces (`switchyard:{demo}:jobs:search`), a Redis Cluster hash tag, so all
/// of a coordinator's keys live in one slot. Two coordinators must not share a name.
public struct StreamLayout: Sendable, Equatable {
  /// The coordinator's name, such as `demo`.
  public var coordinator: String

  /// The layout of the coordinator named `coordinator`.
  public init(coordinator: String) {
    self.coordinator = coordinator
  }

  /// The consumer group every worker of a kind joins on that kind's job stream.
  public static let workerGroup = "workers"

  /// A consumer the coordinator adds to every worker group it makes, which never reads: a group
  /// without it was made by a worker after the coordinator's was lost. No worker's name
  /// (``workerName(host:pid:)``) is it, as theirs hold a slash.
  public static let coordinatorMark = "switchyard-coordinator"

  /// A worker's consumer name, `HOST/PID`: unique among live workers, and what `status` shows
  /// of a remote worker.
  public static func workerName(host: String = ProcessInfo.processInfo.hostName, pid: Int32 = getpid()) -> String {
    "\(host)/\(pid)"
  }

  /// The stream of jobs of `kind`: `run` messages, read by the kind's workers through
  /// ``workerGroup``.
  public func jobs(_ kind: String) -> String {
    "\(prefix):jobs:\(kind)"
  }

  /// The stream workers write `emit`, `finished`, `failed`, `hello` and `heartbeat` messages to,
  /// read by the coordinator alone.
  public var replies: String {
    "\(prefix):replies"
  }

  /// The stream of jobs of `kind` other workers handed `worker` because their affinity key is
  /// bound to it: `run` messages with the `entry` they have in ``jobs(_:)``, read by `worker`
  /// alone through ``workerGroup``.
  public func handOffs(_ kind: String, worker: String) -> String {
    "\(prefix):handoff:\(kind):\(worker)"
  }

  /// The string key holding the consumer name of the worker that affinity key `key` of `kind`
  /// is bound to, expiring unless that worker renews it.
  public func affinity(_ kind: String, key: String) -> String {
    "\(prefix):affinity:\(kind):\(key)"
  }

  /// The string key a live worker of `kind` sets on every heartbeat, expiring after
  /// ``WorkerLiveness/timeout``: a worker whose key is gone is dead, however recently its
  /// consumer in the group was touched.
  public func heartbeat(_ kind: String, worker: String) -> String {
    heartbeatPrefix(kind) + worker
  }

  /// What every heartbeat key of `kind` starts with, the worker's name following.
  func heartbeatPrefix(_ kind: String) -> String {
    "\(prefix):heartbeat:\(kind):"
  }

  /// A list whose length is the backlog of `kind`'s pool, effects queued in the coordinator
  /// and in the stream, for autoscalers that read a key's length (KEDA's `redis` trigger); its
  /// elements mean nothing.
  public func backlog(_ kind: String) -> String {
    "\(prefix):backlog:\(kind)"
  }

  /// The stream of `cancel` messages every worker reads in full (no group): a broadcast.
  public var cancels: String {
    "\(prefix):cancels"
  }

  /// A `SCAN … MATCH` pattern for every hand-off stream and affinity binding of this
  /// coordinator's workers, whose names only they know.
  public var workerKeysPatterns: [String] {
    let escaped = prefix.reduce(into: "") { text, character in
      if "*?[]\\".contains(character) { text.append("\\") }
      text.append(character)
    }
    return ["\(escaped):handoff:*", "\(escaped):affinity:*"]
  }

  var prefix: String {
    "switchyard:{\(coordinator)}"
  }
}
