#if canImport(Glibc)
import Glibc
#endif
import SwitchyardRuntime
import Synchronization

/// `SIGINT` (Ctrl-C) or `SIGTERM` during a load, as k6 takes them: the first stops the users before
/// their next step, and the report follows as usual, over the time they ran, once the pools have
/// finished what the users started; a second ends the process at once, without a report.
///
/// A load stopped early, not killed, still says what it sent and whether any effect was lost. A
/// coordinator it spawned stops on its own when the load ends either way.
package final class LoadInterruption: Sendable {
  private let signals = Atomic<Int>(0)

  /// Catches both signals from now on, for the rest of the process.
  package init() {
    let stream = TerminationSignals()
    Task { [self] in
      for await number in stream.received {
        let name = number == SIGINT ? "SIGINT" : "SIGTERM"
        guard signals.add(1, ordering: .relaxed).newValue == 1 else {
          StandardStream.error.write("\nload: \(name) again: stopping now, without a report\n")
          exit(128 + number)
        }
        StandardStream.error.write("\nload: \(name): the users take no more steps; the report follows their last answers (\(name) again to stop now)\n")
      }
    }
  }

  /// Whether the users are to stop.
  var stopsUsers: Bool { signals.load(ordering: .relaxed) >= 1 }
}
