import Foundation

extension LogEvent {
  /// A line a pipe worker wrote to its standard error: the event it logged, when the line is the
  /// JSON object its ``Logger`` writes (a worker under a coordinator logs JSON), else the line as
  /// an info message, since a handler or the Swift runtime may write anything there.
  init(workerLine line: String) {
    guard line.hasPrefix("{"),
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let levelName = object["level"] as? String, let level = LogLevel(rawValue: levelName),
      let message = object["message"] as? String
    else {
      self.init(.info, line)
      return
    }
    let fields = object.keys.sorted().compactMap { name -> LogField? in
      guard !["time", "level", "message"].contains(name) else { return nil }
      if let text = object[name] as? String { return .string(name, text) }
      if let number = object[name] as? Int { return .integer(name, number) }
      return nil
    }
    self.init(level, message, fields: fields)
  }
}
