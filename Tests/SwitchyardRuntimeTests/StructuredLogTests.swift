#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SwitchyardTestSupport
import Testing
@testable import SwitchyardRuntime

/// `--log-format json`: every line an object with time, level and message, the fields read from
/// today's text conventions, and `--log-level` leaving out what matters less.
@Suite struct StructuredLogTests {
  /// Issue 37: the text format writes an event's fields as Switchyard always wrote its lines.
  @Test func anEventsTextIsTheLineAsAlwaysWritten() {
    let fields: [LogField] = [.string("pool", "search"), .integer("worker_pid", 4242), .integer("effect_id", 17)]
    #expect(LogEvent(.warning, "dropped effect 17's output", fields: fields).text == "[search 4242] warning: dropped effect 17's output")
    #expect(LogEvent.error("the 'search' pool failed", .string("pool", "search")).text == "error: the 'search' pool failed")
    let journal = LogEvent.info("journaling to /data (empty)", .string("program", "switchyard"), .integer("action_sequence", 0))
    #expect(journal.text == "switchyard: journaling to /data (empty)")
  }

  /// A reply naming effect 2^63 trapped the coordinator as it logged the id.
  @Test func aNumberPastInt64IsLoggedAsItsDigits() {
    #expect(LogField.integer("effect_id", UInt64(1) << 63) == .string("effect_id", "9223372036854775808"))
    #expect(LogField.integer("effect_id", UInt64.max).value == .string("18446744073709551615"))
    #expect(LogField.integer("effect_id", UInt64(Int64.max)).value == .integer(.max))
  }

  /// A pipe worker logs JSON; its coordinator takes the event back whole, fields and all, and a
  /// line that is not one of its objects (a handler's own print) is an info message as written.
  @Test func aWorkersJSONLineIsItsEventAndOtherLinesAreInfo() {
    let event = LogEvent.warning("dropped a message", .integer("effect_id", 17), .string("stream_entry", "1-0"))
    #expect(LogEvent(workerLine: Logger.json(event)) == event)
    #expect(LogEvent(workerLine: "error: looks like a level") == .info("error: looks like a level"))
    #expect(LogEvent(workerLine: "{not json") == .info("{not json"))
  }

  @Test func aConfigurationWithItsOwnLogGetsEventsAsTheirText() {
    let lines = Mutex<[String]>([])
    let configuration = CoordinatorConfiguration(pools: [], log: { line in lines.withLock { $0.append(line) } })
    configuration.logEvent(LogEvent(.info, "worker exited", fields: [.string("pool", "probe"), .integer("worker_pid", 7)]))
    #expect(lines.withLock { $0 } == ["[probe 7] worker exited"])
  }

  @Test func jsonIsOneObjectPerLineWithTimeLevelMessageAndFields() throws {
    let event = LogEvent(.error, "a \"quoted\"\nline", fields: [.string("pool", "search"), .integer("worker_pid", 7)])
    let line = Logger.json(event, at: Date(timeIntervalSince1970: 0))
    #expect(!line.contains("\n"))
    #expect(line == #"{"time":"1970-01-01T00:00:00.000Z","level":"error","message":"a \"quoted\"\nline","pool":"search","worker_pid":7}"#)
  }

  @Test(.timeLimit(.minutes(3))) func aCoordinatorLogsJSONIncludingItsWorkersEvents() async throws {
    let coordinator = try CoordinatorChild(arguments: ["--pools", "probe=1", "--log-format", "json"])
    defer { coordinator.cleanUp() }
    _ = try await coordinator.connect()
    let status = try await switchyard("status", "--json", "--run-dir", coordinator.runDirectory)
    let workers = (try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any])?["workers"] as? [[String: Any]]
    let victim = try #require(workers?.first?["pid"] as? Int)
    kill(Int32(victim), SIGKILL)
    var objects: [[String: Any]] = []
    try await eventually("a JSON line about worker \(victim); log:\n\(coordinator.log)") {
      objects = coordinator.log.split(separator: "\n").compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }
      return objects.contains { $0["worker_pid"] as? Int == victim && $0["pool"] as? String == "probe" }
    }
    // The supervisor's own event about the worker: its fields from the call site, its message bare.
    #expect(objects.contains { $0["worker_pid"] as? Int == victim && ($0["message"] as? String)?.hasPrefix("worker ") == true })
    #expect(objects.count == coordinator.log.split(separator: "\n").count, "every line is a JSON object:\n\(coordinator.log)")
    for object in objects {
      #expect(object["time"] is String && object["message"] is String)
      #expect(["debug", "info", "warning", "error"].contains(object["level"] as? String ?? ""))
    }
    #expect(objects.contains { ($0["message"] as? String)?.hasPrefix("coordinator ") == true && $0["program"] as? String == "switchyard" && $0["pid"] is Int })
    // The journal's line about what it recovered: its program and last sequence as values.
    #expect(objects.contains { ($0["message"] as? String)?.hasPrefix("journaling to ") == true && $0["program"] as? String == "switchyard" && $0["action_sequence"] as? Int == 0 })
    // No message still carries the prefixes the text format writes.
    #expect(!objects.contains { ($0["message"] as? String)?.hasPrefix("[probe ") == true || ($0["message"] as? String)?.hasPrefix("switchyard: ") == true })
  }

  @Test(.timeLimit(.minutes(3))) func logLevelLeavesOutWhatMattersLess() async throws {
    let coordinator = try CoordinatorChild(arguments: ["--pools", "probe=1", "--log-level", "warning"])
    defer { coordinator.cleanUp() }
    _ = try await coordinator.connect()
    #expect(await coordinator.terminate() == 0)
    #expect(!coordinator.log.contains("serving"), "the info line about serving is left out:\n\(coordinator.log)")
  }
}
