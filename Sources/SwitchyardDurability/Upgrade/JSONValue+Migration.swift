import SwitchyardWire

/// The edits a ``Migration`` makes to journaled JSON, each returning the value changed: an enum
/// case is an object with one member named after the case, `{"submitted":{"id":"a","text":"…"}}`,
/// a struct an object of its properties.
extension JSONValue {
  /// The case an action's JSON holds, its one member's name; `nil` for anything else.
  public var caseName: String? {
    guard case let .object(members) = self, members.count == 1 else { return nil }
    return members.keys.first
  }

  /// The case `old` renamed `new`, its associated values kept; any other value unchanged.
  public func renamingCase(_ old: String, to new: String) -> JSONValue {
    guard caseName == old, case let .object(members) = self, let payload = members[old] else { return self }
    return .object([new: payload])
  }

  /// The object with the member `name` set to `value` when it has none; anything else unchanged.
  public func addingField(_ name: String, _ value: JSONValue) -> JSONValue {
    guard case var .object(members) = self, members[name] == nil else { return self }
    members[name] = value
    return .object(members)
  }

  /// The object without its member `name`; anything else unchanged.
  public func removingField(_ name: String) -> JSONValue {
    guard case var .object(members) = self else { return self }
    members[name] = nil
    return .object(members)
  }

  /// The object with its member `name` renamed `new`; anything else unchanged.
  public func renamingField(_ name: String, to new: String) -> JSONValue {
    guard case var .object(members) = self, let value = members.removeValue(forKey: name) else { return self }
    members[new] = value
    return .object(members)
  }

  /// The value with what lies at `path` (object keys, and case names) replaced by `transform` of
  /// it; unchanged when the path leads nowhere.
  public func updating(_ path: [String], _ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONValue {
    guard let key = path.first else { return try transform(self) }
    guard case var .object(members) = self, let member = members[key] else { return self }
    members[key] = try member.updating(Array(path.dropFirst()), transform)
    return .object(members)
  }

  /// Every element of an array, or every member's value of an object (a dictionary's entries),
  /// replaced by `transform` of it; anything else unchanged.
  public func updatingEach(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONValue {
    switch self {
    case let .array(elements): .array(try elements.map(transform))
    case let .object(members): .object(try members.mapValues(transform))
    default: self
    }
  }
}
