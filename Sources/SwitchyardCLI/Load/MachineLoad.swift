#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The machine a load runs on: its processors and how busy it is, so a report says what its
/// numbers were measured on.
package enum MachineLoad {
  /// Processors available to this process.
  package static var cores: Int {
    ProcessInfo.processInfo.activeProcessorCount
  }

  /// The one-minute load average: runnable processes, averaged; 0 if it cannot be read.
  package static var oneMinuteAverage: Double {
    var averages = [Double](repeating: 0, count: 3)
    return getloadavg(&averages, 3) >= 1 ? averages[0] : 0
  }
}
