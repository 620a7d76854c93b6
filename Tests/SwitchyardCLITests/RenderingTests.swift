import Testing
import SwitchyardWire
@testable import SwitchyardCLI

struct RenderingTests {
  @Test func numbersForPeople() {
    #expect(HumanReadable.latency(micros: 850) == "850 µs")
    #expect(HumanReadable.latency(micros: 1_250) == "1.3 ms")
    #expect(HumanReadable.latency(micros: 250_000) == "250 ms")
    #expect(HumanReadable.latency(micros: 3_400_000) == "3.40 s")
    #expect(HumanReadable.duration(seconds: 42.9) == "42s")
    #expect(HumanReadable.duration(seconds: 185) == "3m05s")
    #expect(HumanReadable.duration(seconds: 7_620) == "2h07m")
    #expect(HumanReadable.bytes(512) == "512 B")
    #expect(HumanReadable.bytes(4_200) == "4.1 KB")
    #expect(HumanReadable.count(1_234_567) == "1,234,567")
    #expect(HumanReadable.count(999) == "999")
    #expect(HumanReadable.fixed(-0.04, digits: 1) == "0.0")
    #expect(HumanReadable.fixed(12.345, digits: 2) == "12.35")
  }

  @Test func statusShowsEveryPoolAndWorkerInAlignedRows() {
    let report = StatusReport(
      coordinator: CoordinatorStatus(
        pid: 41, version: "0.1.0", runDir: "/run/sy", uptimeSeconds: 65, stateBytes: 2_048, actionsTotal: 12_345, actionsPerSecond: 99.5
      ),
      pools: [
        PoolStatus(
          kind: "search", size: 2, target: 4, busy: 1, queued: 3, completed: 10, failed: 1, retried: 2, restarts: 0,
          latencyP50Micros: 1_500, latencyP99Micros: 20_000, health: "degraded"
        ),
        PoolStatus(
          kind: "feed", size: 1, target: 1, busy: 0, queued: 0, completed: 0, failed: 0, retried: 0, restarts: 0,
          latencyP50Micros: 0, latencyP99Micros: 0, health: "healthy"
        ),
      ],
      workers: [
        WorkerStatus(pid: 300, kind: "search", state: "ready", inFlight: 1, completed: 1_200, failed: 1, lastHeartbeatMillisAgo: 80),
        WorkerStatus(pid: 7, kind: "feed", state: "starting", inFlight: 0),
      ]
    )
    #expect(StatusView(report).render(colored: false) == """
      coordinator  pid 41  up 1m05s  state 2.0 KB  99.5 actions/s  12,345 actions  switchyard 0.1.0
      run dir /run/sy

      POOL    SIZE  BUSY  QUEUED  DONE  FAILED  RETRIED  RESTARTS     P50      P99  HEALTH
      feed       1     0       0     0       0        0         0       -        -  healthy
      search   2→4     1       3    10       1        2         0  1.5 ms  20.0 ms  degraded

      WORKER  KIND    STATE     IN-FLIGHT   DONE  FAILED  HEARTBEAT
           7  feed    starting          0      0       0  -
         300  search  ready             1  1,200       1  80 ms ago

      """)
  }

  @Test func aRemotePoolsWorkerIsItsStreamAndItsReadersAreListedBelow() {
    var pool = PoolStatus(
      kind: "search", size: 1, target: 1, busy: 1, queued: 0, completed: 5, failed: 0, retried: 0, restarts: 0,
      latencyP50Micros: 900, latencyP99Micros: 2_000, health: "healthy"
    )
    pool.remote = RemotePoolStatus(
      streamLength: 3, pending: 1, oldestPendingMillis: 1_500,
      workers: [RemoteWorkerStatus(host: "node-a", pid: 812, pending: 1, lastHeardMillisAgo: 300)]
    )
    let report = StatusReport(
      coordinator: CoordinatorStatus(
        pid: 41, version: "0.1.0", runDir: "/run/sy", uptimeSeconds: 65, stateBytes: 2_048, actionsTotal: 1, actionsPerSecond: 0
      ),
      pools: [pool],
      workers: [WorkerStatus(pid: 0, kind: "search", state: "ready", inFlight: 1)]
    )
    let rows = StatusView(report).render(colored: false).split(separator: "\n")
    let workerRows = rows.filter { $0.contains("search") && $0.contains("ready") }
    #expect(workerRows.count == 1 && workerRows[0].hasPrefix("stream"), "\(workerRows)")
    #expect(rows.contains { $0.contains("node-a") && $0.contains("812") })
  }

  /// With `--control-listen`, the address clients reach it at over TCP, the port it took for port 0.
  @Test func theTCPControlAddressIsShownBesideTheRunDirectory() {
    var coordinator = CoordinatorStatus(
      pid: 41, version: "0.1.0", runDir: "/run/sy", uptimeSeconds: 65, stateBytes: 2_048, actionsTotal: 1, actionsPerSecond: 0
    )
    let without = StatusView(StatusReport(coordinator: coordinator, pools: [], workers: [])).render(colored: false)
    #expect(without.contains("run dir /run/sy\n") && !without.contains("control"), "\(without)")
    coordinator.controlAddress = "tcp://10.0.0.5:7401"
    let with = StatusView(StatusReport(coordinator: coordinator, pools: [], workers: [])).render(colored: false)
    #expect(with.contains("run dir /run/sy  control tcp://10.0.0.5:7401\n"), "\(with)")
  }

  @Test func invalidJSONIsShownWithACaretUnderTheProblem() throws {
    #expect(throws: ActionText.Invalid(reason: "unexpected character '}' (0x7D)", text: #"{"a":}"#, column: 5)) {
      try ActionText.parse(#"{"a":}"#)
    }
    let error = ActionText.Invalid(reason: "r", text: #"{"é":x}"#, column: 5)
    #expect(error.description == "invalid JSON: r\n  {\"é\":x}\n       ^")
    #expect(try ActionText.parse(#"{"cancel":{"name":"a"}}"#) == ["cancel": ["name": "a"]])
  }
}
