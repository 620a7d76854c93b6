import SwitchyardWire

extension StatusView {
  /// The remote pools' streams and the workers reading them, after a blank line; empty when no
  /// pool is remote.
  func remoteTables(colored: Bool) -> String {
    let remote = report.pools.compactMap { pool in pool.remote.map { (pool.kind, $0) } }.sorted { $0.0 < $1.0 }
    guard !remote.isEmpty else { return "" }
    var streams = Table([
      .init("REMOTE POOL"), .init("STREAM", alignsRight: true), .init("PENDING", alignsRight: true),
      .init("OLDEST PENDING", alignsRight: true), .init("WORKERS", alignsRight: true), .init("LOST", alignsRight: true),
    ])
    var workers = Table([
      .init("REMOTE WORKER"), .init("PID", alignsRight: true), .init("KIND"), .init("PENDING", alignsRight: true),
      .init("LAST HEARD", alignsRight: true),
    ])
    for (kind, stream) in remote {
      streams.append([
        .init(kind),
        .init("\(stream.streamLength)"),
        .init("\(stream.pending)"),
        .init(stream.oldestPendingMillis.map { HumanReadable.age(millis: $0) } ?? "-"),
        .init("\(stream.workers.count)"),
        Self.lostCell(stream),
      ])
      for worker in stream.workers.sorted(by: { ($0.host, $0.pid) < ($1.host, $1.pid) }) {
        workers.append([
          .init(worker.host),
          .init("\(worker.pid)"),
          .init(kind),
          .init("\(worker.pending)"),
          .init(HumanReadable.age(millis: worker.lastHeardMillisAgo) + " ago", color: worker.lastHeardMillisAgo > 10_000 ? .yellow : nil),
        ])
      }
    }
    return "\n" + streams.render(colored: colored) + (remote.contains { !$0.1.workers.isEmpty } ? "\n" + workers.render(colored: colored) : "")
  }

  /// The jobs Redis lost and the coordinator dispatched again, and how long ago it last lost any:
  /// `6 (12 s ago)`, or `-` when it never did.
  private static func lostCell(_ stream: RemotePoolStatus) -> Table.Cell {
    guard let ago = stream.lastLossMillisAgo else { return .init("-") }
    return .init("\(stream.lostJobs ?? 0) (\(HumanReadable.age(millis: ago)) ago)", color: .yellow)
  }
}
