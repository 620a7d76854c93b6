import ComposableArchitecture

/// One record of a coordinator's journal, as its payload's JSON says (proto/JOURNAL.md, "Payloads").
///
/// The payload is an object whose key names the record's kind: an action, or another kind such as
/// an effect's end (`effectEnded`, read by recovery), which changes no state. A reader skips kinds
/// it does not know.
public enum JournalEntry<Action: Codable>: Codable {
  /// An action the root reducer processed, with what its non-deterministic dependencies returned.
  case action(Action, dependencies: DependencyRecording)
  /// A record of another kind, named by its key: replay leaves the state alone.
  case other(kind: String)

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    static var action: Key { Key(stringValue: "action") }
    static var dependencies: Key { Key(stringValue: "dependencies") }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    guard container.contains(.action) else {
      self = .other(kind: container.allKeys.map(\.stringValue).sorted().first ?? "")
      return
    }
    self = .action(
      try container.decode(Action.self, forKey: .action),
      dependencies: try container.decodeIfPresent(DependencyRecording.self, forKey: .dependencies) ?? DependencyRecording()
    )
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    switch self {
    case let .action(action, dependencies):
      try container.encode(action, forKey: .action)
      // Most actions ask no dependency for anything; their records leave the recording out.
      if !dependencies.isEmpty { try container.encode(dependencies, forKey: .dependencies) }
    case let .other(kind):
      try container.encodeNil(forKey: Key(stringValue: kind))
    }
  }
}
