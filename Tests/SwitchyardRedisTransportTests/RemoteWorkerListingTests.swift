import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// A coordinator started while remote workers run lists them by their heartbeats at once: their
/// `hello` went to the reply stream it replaced, and Redis makes a worker a consumer of the
/// group only once it is handed a job.
@Suite(.serialized, .timeLimit(.minutes(2)), .onAThreadOfItsOwn)
struct RemoteWorkerListingTests {
  @Test func aNewCoordinatorListsTheWorkersAlreadyRunningBeforeTheyTakeAJob() async throws {
    let cluster = try await RemotePoolCluster(workers: 2)
    defer { cluster.cleanUp() }
    let pids = Set(cluster.workers.map(\.pid))
    try await cluster.eventually("the first coordinator to list both workers") { try Self.listed(by: cluster.client) == pids }
    #expect(await cluster.coordinator.terminate() == 0)

    let successor = try CoordinatorChild(arguments: cluster.coordinatorArguments)
    defer { successor.cleanUp() }
    let client = try await successor.connect()
    // A worker's heartbeat message comes every third of its claim idle time (0.5 s here).
    try await cluster.eventually("the new coordinator to list both workers", within: 30) { try Self.listed(by: client) == pids }
    #expect(try Self.listed(by: client) == pids)
  }

  /// The pids of the remote workers status lists.
  private static func listed(by client: ControlClient) throws -> Set<Int32> {
    guard case let .statusReport(_, report) = try client.request(.status(id: 31)) else { return [] }
    return Set(report.pools.first { $0.kind == "probe" }?.remote?.workers.map(\.pid) ?? [])
  }
}
