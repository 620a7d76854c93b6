import Foundation
import Synchronization
import SwitchyardWire

/// The last few minutes of status samples, a ring kept by the server so that a page opened now
/// draws the minutes before it: one sample per status report, ``capacity`` at most.
final class StatusSamples: Sendable {
  let capacity: Int
  private struct State {
    var samples: [StatusSample] = []
    var previous: (report: StatusReport, at: Double)?
  }
  private let state = Mutex(State())

  init(capacity: Int) {
    self.capacity = max(2, capacity)
  }

  /// Adds the sample `report` gives, taken at `at` (milliseconds since 1970); returns it.
  @discardableResult
  func record(_ report: StatusReport, at: Double = Date().timeIntervalSince1970 * 1_000) -> StatusSample {
    state.withLock { state in
      let sample = StatusSample(report, at: at, previous: state.previous)
      state.previous = (report, at)
      state.samples.append(sample)
      if state.samples.count > capacity { state.samples.removeFirst(state.samples.count - capacity) }
      return sample
    }
  }

  /// The samples kept, oldest first.
  var all: [StatusSample] {
    state.withLock { $0.samples }
  }
}
