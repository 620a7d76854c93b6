import Foundation
import SwitchyardJournal

extension Thread {
  /// Starts `body` on a new thread named `name` (at most 15 bytes), the name `top -H`, `ps -L` and
  /// `perf` show.
  package static func detachNewThread(named name: String, _ body: @escaping @Sendable () -> Void) {
    Thread.detachNewThread {
      nameCurrentThread(name)
      body()
    }
  }
}
