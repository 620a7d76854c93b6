#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SwitchyardWire

/// Where a process's log events go: standard error, as text or JSON, from a level up.
///
/// Every log line of the coordinator, its workers and the Redis transport is a ``LogEvent`` made
/// where it is logged and ends here; `start` and `worker` set the format and level from
/// `--log-format` and `--log-level` before anything is logged.
public final class Logger: Sendable {
  /// The process's logger: what `--log-format` and `--log-level` configure.
  public static let standardError = Logger()

  private let settings = Mutex(Settings())

  private struct Settings {
    var format = LogFormat.text
    var minimumLevel = LogLevel.info
  }

  private init() {}

  /// Sets the format and the lowest level written.
  public func configure(format: LogFormat, minimumLevel: LogLevel) {
    settings.withLock { $0 = Settings(format: format, minimumLevel: minimumLevel) }
  }

  /// Writes `event` as one line with one `write`, so lines from many threads do not interleave:
  /// in text as ``LogEvent/text``, in JSON as an object with its fields as keys.
  public func log(_ event: LogEvent) {
    let (format, minimum) = settings.withLock { ($0.format, $0.minimumLevel) }
    guard event.level >= minimum else { return }
    var bytes = Array((format == .json ? Self.json(event) : event.text).utf8)
    bytes.append(UInt8(ascii: "\n"))
    _ = bytes.withUnsafeBytes { writeAll(STDERR_FILENO, $0) }
  }

  /// `{"time":…,"level":…,"message":…,…fields}` on one line.
  static func json(_ event: LogEvent, at time: Date = Date()) -> String {
    var object = "{\"time\":" + quoted(time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    object += ",\"level\":" + quoted(event.level.rawValue) + ",\"message\":" + quoted(event.message)
    for field in event.fields {
      object += "," + quoted(field.name) + ":"
      switch field.value {
      case let .string(value): object += quoted(value)
      case let .integer(value): object += String(value)
      }
    }
    return object + "}"
  }

  private static func quoted(_ text: String) -> String {
    (try? WireJSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
  }
}
