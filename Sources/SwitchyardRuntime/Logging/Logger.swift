#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SwitchyardWire

/// Where a process's log lines go: standard error, as text or JSON, from a level up.
///
/// Every log path of the coordinator, its workers and the Redis transport ends in
/// ``standardError``; `start` and `worker` set its format and level from `--log-format` and
/// `--log-level` before anything is logged. In the text format a line is written exactly as
/// given; in JSON it is read back into a ``LogEvent`` first.
public final class Logger: Sendable {
  /// The process's logger: what `--log-format` and `--log-level` configure.
  public static let standardError = Logger()

  private let settings = Mutex(Settings())

  private struct Settings {
    var format = LogFormat.text
    var minimumLevel = LogLevel.info
    var program: String?
  }

  private init() {}

  /// Sets the format, the lowest level written, and the program name lines may start with.
  public func configure(format: LogFormat, minimumLevel: LogLevel, program: String? = nil) {
    settings.withLock { $0 = Settings(format: format, minimumLevel: minimumLevel, program: program) }
  }

  /// The format lines are written in.
  public var format: LogFormat {
    settings.withLock { $0.format }
  }

  /// Writes a line in the text conventions ``LogEvent/init(line:program:)`` reads.
  public func write(line: String) {
    let (format, minimum, program) = settings.withLock { ($0.format, $0.minimumLevel, $0.program) }
    let event = LogEvent(line: line.hasSuffix("\n") ? String(line.dropLast()) : line, program: program)
    guard event.level >= minimum else { return }
    switch format {
    case .text: emit(line)
    case .json: emit(Self.json(event))
    }
  }

  /// Writes several lines: in text with one `write`, so no other line comes between them; in JSON
  /// as an object each.
  public func write(lines text: String) {
    guard format == .json else { return write(line: text) }
    for line in text.split(separator: "\n") { write(line: String(line)) }
  }

  /// Writes `event`; in text as `program: error: message`, the fields left to the message.
  public func log(_ event: LogEvent) {
    let (format, minimum, program) = settings.withLock { ($0.format, $0.minimumLevel, $0.program) }
    guard event.level >= minimum else { return }
    switch format {
    case .text:
      let level = event.level >= .warning ? event.level.rawValue + ": " : ""
      emit((program.map { $0 + ": " } ?? "") + level + event.message)
    case .json:
      emit(Self.json(LogEvent(event.level, event.message, fields: (program.map { [.string("program", $0)] } ?? []) + event.fields)))
    }
  }

  private func emit(_ line: String) {
    var bytes = Array(line.utf8)
    if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
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
