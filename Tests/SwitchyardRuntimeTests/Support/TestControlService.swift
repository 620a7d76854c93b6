import Foundation
import Synchronization
import SwitchyardTestSupport
import SwitchyardWire
@testable import SwitchyardRuntime

/// The real ``ControlService`` and ``ControlServer`` on a Unix socket, answering from endpoints
/// the test controls: a state it sets, actions it records, and `sent` replies held back until it
/// releases them, as a journal holds them until its records are on disk.
@MainActor
final class TestControlService {
  let path: String
  let service: ControlService
  /// What the server logged, line by line.
  let log = LogLines()
  /// The actions sent, in order.
  private(set) var actions: [JSONValue] = []
  /// The state subscriptions and `state` requests read.
  var state: JSONValue = .object([:])
  private var heldAcknowledgements: [@MainActor @Sendable (String?) -> Void] = []
  private let directory = makeRunDirectory()

  /// Serves a socket within `limits`; with `holdsAcknowledgements`, `sent` replies wait for
  /// ``releaseAcknowledgements()``.
  init(limits: ControlSocketLimits = ControlSocketLimits(), holdsAcknowledgements: Bool = false) throws {
    path = directory + "/control.sock"
    // The endpoints reach the harness, made after them, through this box.
    let box = WeakBox()
    let status = StatusReport(
      coordinator: CoordinatorStatus(
        pid: getpid(), version: "test", runDir: directory, uptimeSeconds: 0, stateBytes: 0, actionsTotal: 0, actionsPerSecond: 0),
      pools: [], workers: [])
    service = ControlService(
      endpoints: ControlEndpoints(
        pid: getpid(),
        status: { status },
        state: { RawJSON(box.harness?.state ?? .null) },
        send: { action in
          box.harness?.actions.append(action.value)
          return UInt64(box.harness?.actions.count ?? 0)
        },
        acknowledge: { acknowledge in
          guard holdsAcknowledgements, let harness = box.harness else { return acknowledge(nil) }
          harness.heldAcknowledgements.append(acknowledge)
        },
        scale: { $0 }
      ))
    try service.start(socketPath: path, limits: limits, log: { [log] line in log.append(line) })
    box.harness = self
  }

  /// Answers every `send` held so far with `sent`.
  func releaseAcknowledgements() {
    let held = heldAcknowledgements
    heldAcknowledgements.removeAll()
    for acknowledge in held { acknowledge(nil) }
  }

  /// How many `sent` replies wait for ``releaseAcknowledgements()``.
  var heldCount: Int { heldAcknowledgements.count }

  /// Publishes the current ``state`` to subscribers, as the coordinator does after actions.
  func publish() {
    service.publish(RawJSON(state))
  }

  func stop() {
    service.stop()
    try? FileManager.default.removeItem(atPath: directory)
  }

  @MainActor
  private final class WeakBox {
    weak var harness: TestControlService?
  }
}
