import Foundation
import Glibc
import SwitchyardRuntime
import SwitchyardTestSupport
import SwitchyardWire
import Testing

/// More inspector connections than the coordinator has descriptors, against a real
/// `switchyard start --demo --http` whose descriptor limit is 256.
///
/// A full descriptor table used to kill the coordinator (SIGILL) within seconds: libdispatch's
/// workqueue monitor opens `/proc/<tid>/stat` once a second and traps when it cannot.
@Suite(.timeLimit(.minutes(2)), .onAThreadOfItsOwn)
struct InspectorDescriptorTests {
  @Test func idleConnectionsPastTheReserveAreAnswered503AndTheCoordinatorLivesAndReplacesWorkers() async throws {
    let demo = try await DemoCoordinator(descriptorLimit: 256)
    defer { demo.stop() }
    let control = try await demo.controlClient()
    // A first request at once: a client silent past the handshake timeout (5 s) is closed, and
    // opening the idle connections below can take longer than that on a loaded machine.
    _ = try status(control)
    let idle = (0..<300).compactMap { _ in try? RawClient(port: demo.port) }
    #expect(idle.count == 300)

    // Accepted after every idle one: by then the reserve is reached, and it is answered at once.
    let late = try RawClient(port: demo.port)
    try late.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    let answer = late.readResponse()
    #expect(answer.hasPrefix("HTTP/1.1 503"))
    #expect(answer.contains("short of file descriptors"))

    // A worker lost meanwhile is replaced: its pipes come from the descriptors kept in reserve.
    let before = try status(control)
    let worker = try #require(before.workers.first { $0.kind == "search" }?.pid)
    kill(worker, SIGKILL)
    try await eventually("the search worker replaced", within: 30) {
      guard let workers = try? status(control).workers.filter({ $0.kind == "search" }) else { return false }
      return workers.count == 2 && workers.allSatisfy { $0.pid != worker && $0.state == "ready" }
    }
    // Then three more seconds of status requests, three more of libdispatch's checks, all
    // answered: at least ten, however long a loaded machine takes to answer them.
    let until = ContinuousClock.now + .seconds(3)
    var answered = 0
    while answered < 10 || ContinuousClock.now < until {
      _ = try status(control)
      answered += 1
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(demo.isRunning, "the coordinator died; its log:\n\(demo.log)")
    withExtendedLifetime(idle) {}
  }

  private func status(_ client: ControlClient) throws -> StatusReport {
    guard case let .statusReport(_, report) = try client.request(.status(id: 1), timeout: .seconds(30)) else {
      throw TimedOut(what: "a status report")
    }
    return report
  }
}
