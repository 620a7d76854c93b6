/// What stands at the other end of a worker link, and so how its supervisor knows it lives: a
/// worker process, or a broker (a Redis stream) standing for remote workers; what an effect's
/// attempt ran on (``EffectLifeEvent/attempt(effect:number:worker:)``).
public enum LinkPeer: Sendable, Equatable {
  /// A worker process: it says `hello` before it takes effects, answers pings, and its exit
  /// closes the link.
  case process(pid: Int32)
  /// A broker standing for workers elsewhere (a job stream that remote workers read, named here
  /// as status shows it): ready once connected, heard while it reaches its server, and never
  /// pinged; its workers come and go behind it.
  case broker(String)

  /// The worker's process id; `nil` for a broker.
  package var pid: Int32? {
    if case let .process(pid) = self { return pid }
    return nil
  }

  /// How logs name it: its pid, or `broker`.
  package var logName: String {
    switch self {
    case let .process(pid): "\(pid)"
    case .broker: "broker"
    }
  }
}
