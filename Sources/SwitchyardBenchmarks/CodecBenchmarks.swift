import Foundation
import SwitchyardDiagnostics
import SwitchyardWire

/// Our JSON codec against Foundation's on the frames the runtime sends most, both timed in the
/// same run so the ratio holds on any machine.
enum CodecBenchmarks {
  static var cases: [BenchmarkCase] {
    codecCases(frame: "run", WorkerMessage.run(runJob))
      + codecCases(frame: "emit", WorkerMessage.emit(emitOutput))
      + codecCases(frame: "status", ControlMessage.statusReport(id: 7, report: statusReport))
      + [sortedStateCase]
  }

  /// Every object's keys sorted, as a state's digest encodes it, of a probe state of 1,024 finished
  /// runs (110 KB): a dictionary of structs, each object's members put in order.
  static let sortedStateCase = BenchmarkCase(
    name: "codec.encode.sorted-state",
    summary: "WireJSONEncoder vs Foundation JSONEncoder, both with sorted keys, a 1,024-run probe state (a state digest's encoding)",
    target: .atLeastRatio(3)
  ) { harness in
    var state = ProbeFeature.State()
    for index in 0..<1_024 {
      var run = ProbeRun(tag: "20-\(index)")
      run.outputs = [0]
      run.attempts = 1
      run.workerPIDs = [4_242]
      run.outcome = .finished
      state.runs["p\(index)"] = run
    }
    var ours = WireJSONEncoder()
    ours.outputFormatting = .sortedKeys
    let theirs = JSONEncoder()
    theirs.outputFormatting = .sortedKeys
    let (wire, foundation) = try await harness.compare { operations in
      for _ in 0..<operations { blackHole(try ours.encode(state)) }
    } with: { operations in
      for _ in 0..<operations { blackHole(try theirs.encode(state)) }
    }
    var measurement = BenchmarkMeasurement(speedupOf: wire, over: foundation, theirName: "Foundation")
    measurement.note += ", \(try ours.encode(state).count) B"
    return measurement
  }

  /// A search job, the coordinator's most frequent message to a worker.
  static let runJob = Run(
    effect: 90_210,
    generation: 3,
    kind: "search",
    job: ["query": "composable architecture", "page": 2, "pageSize": 20, "filters": ["swift", "linux"]],
    deadlineMillis: 5_000
  )

  /// A page of search results, the worker's most frequent and largest reply.
  static let emitOutput = Emit(
    effect: 90_210,
    generation: 3,
    output: [
      "page": 2,
      "results": .array(
        (0..<10).map { index in
          [
            "id": .int(Int64(1_000 + index)),
            "title": .string("Result \(index): effects in supervised worker processes"),
            "score": .double(0.97 - Double(index) / 100),
            "tags": ["tca", "swift"],
          ]
        }
      ),
      "hasMore": true,
    ]
  )

  /// What `switchyard status` receives: a coordinator, two pools and four workers.
  static let statusReport = StatusReport(
    coordinator: CoordinatorStatus(
      pid: 4_242, version: "0.1.0", runDir: "/tmp/switchyard", uptimeSeconds: 3_600.5, stateBytes: 182_044,
      actionsTotal: 1_204_331, actionsPerSecond: 812.4
    ),
    pools: ["search", "websocket"].map { kind in
      PoolStatus(
        kind: kind, size: 2, target: 2, busy: 1, queued: 0, completed: 52_117, failed: 3, retried: 12,
        restarts: 1, latencyP50Micros: 1_840, latencyP99Micros: 12_400, health: "healthy",
        counters: ["bytesIn": 1_048_576, "bytesOut": 524_288]
      )
    },
    workers: (0..<4).map { index in
      WorkerStatus(
        pid: Int32(5_000 + index), kind: index < 2 ? "search" : "websocket", state: "ready",
        inFlight: index % 2, lastHeartbeatMillisAgo: 250
      )
    }
  )

  /// An encode and a decode case for `message`, each a ratio of Foundation's time to ours.
  static func codecCases<Message: Codable & Sendable>(frame: String, _ message: Message) -> [BenchmarkCase] {
    [
      BenchmarkCase(
        name: "codec.encode.\(frame)",
        summary: "WireJSONEncoder vs Foundation JSONEncoder, \(frame) message",
        target: .atLeastRatio(3)
      ) { harness in
        let ours = WireJSONEncoder()
        let theirs = JSONEncoder()
        let (wire, foundation) = try await harness.compare { operations in
          for _ in 0..<operations { blackHole(try ours.encode(message)) }
        } with: { operations in
          for _ in 0..<operations { blackHole(try theirs.encode(message)) }
        }
        return BenchmarkMeasurement(speedupOf: wire, over: foundation, theirName: "Foundation")
      },
      BenchmarkCase(
        name: "codec.decode.\(frame)",
        summary: "WireJSONDecoder vs Foundation JSONDecoder, \(frame) message",
        target: .atLeastRatio(3)
      ) { harness in
        let bytes = try WireJSONEncoder().encode(message)
        let data = Data(bytes)
        let ours = WireJSONDecoder()
        let theirs = JSONDecoder()
        let (wire, foundation) = try await harness.compare { operations in
          for _ in 0..<operations { blackHole(try ours.decode(Message.self, from: bytes)) }
        } with: { operations in
          for _ in 0..<operations { blackHole(try theirs.decode(Message.self, from: data)) }
        }
        var measurement = BenchmarkMeasurement(speedupOf: wire, over: foundation, theirName: "Foundation")
        measurement.note += ", \(bytes.count) B"
        return measurement
      },
    ]
  }
}
