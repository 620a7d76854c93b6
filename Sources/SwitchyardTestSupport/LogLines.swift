import Synchronization
import SwitchyardRuntime

/// The lines something under test logs, kept to assert on or to print when its test fails.
public final class LogLines: Sendable {
  private let storage = Mutex<[String]>([])

  public init() {}

  /// Every line so far, oldest first.
  public var lines: [String] {
    storage.withLock { $0 }
  }

  public func append(_ line: String) {
    storage.withLock { $0.append(line) }
  }

  /// Keeps an event as the text format writes it.
  @Sendable public func append(_ event: LogEvent) {
    append(event.text)
  }
}
