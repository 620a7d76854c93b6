import SwitchyardTestSupport
import SwitchyardWire
@testable import SwitchyardRuntime

/// `switchyard start --pools <pools>` as a child process of the test.
typealias CoordinatorProcess = CoordinatorChild

extension CoordinatorChild {
  /// Starts `switchyard start --pools <pools>`, with at most `descriptorLimit` open files if given.
  convenience init(pools: String = "probe=2", runDirectory: String = makeRunDirectory(), descriptorLimit: Int? = nil) throws {
    try self.init(arguments: ["--pools", pools], runDirectory: runDirectory, descriptorLimit: descriptorLimit)
  }
}

extension ControlClient {
  /// The coordinator's status, or a test failure.
  func status() throws -> StatusReport {
    guard case let .statusReport(_, report) = try request(.status(id: 1)) else {
      throw TimedOut(what: "a status report")
    }
    return report
  }
}
